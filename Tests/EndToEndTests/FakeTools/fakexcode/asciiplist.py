"""Old-style (NeXTSTEP/OpenStep) ASCII property lists, the format of project.pbxproj.

The grammar is the one CoreFoundation's CFOldStylePList.c reads and Xcode writes: dictionaries
`{ key = value; ... }`, arrays `( a, b, )` with an optional trailing comma, strings either quoted
(`"..."` with C escapes: \\n \\t \\" \\\\ \\Uxxxx and octal) or bare tokens of
[A-Za-z0-9_$+/:.-], data `<hex>`, and comments `/* ... */` and `// ...` anywhere whitespace may be.
Every scalar is returned as a str, as CoreFoundation does for this format.
"""

_BARE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$+/:.-")


class PlistError(ValueError):
    pass


class _Reader:
    def __init__(self, text):
        self.s = text
        self.i = 0

    def error(self, what):
        line = self.s.count("\n", 0, self.i) + 1
        return PlistError("%s at line %d" % (what, line))

    def skip(self):
        s, n = self.s, len(self.s)
        while self.i < n:
            c = s[self.i]
            if c in " \t\r\n\f\v":
                self.i += 1
            elif s.startswith("/*", self.i):
                end = s.find("*/", self.i + 2)
                if end < 0:
                    raise self.error("unterminated comment")
                self.i = end + 2
            elif s.startswith("//", self.i):
                end = s.find("\n", self.i)
                self.i = n if end < 0 else end + 1
            else:
                break

    def peek(self):
        self.skip()
        return self.s[self.i] if self.i < len(self.s) else ""

    def expect(self, c):
        if self.peek() != c:
            raise self.error("expected %r" % c)
        self.i += 1

    def value(self):
        c = self.peek()
        if c == "{":
            self.i += 1
            result = {}
            while True:
                if self.peek() == "}":
                    self.i += 1
                    return result
                key = self.string()
                self.expect("=")
                result[key] = self.value()
                self.expect(";")
        if c == "(":
            self.i += 1
            items = []
            while True:
                if self.peek() == ")":
                    self.i += 1
                    return items
                items.append(self.value())
                if self.peek() == ",":
                    self.i += 1
                elif self.peek() != ")":
                    raise self.error("expected ',' or ')'")
        if c == "<":
            end = self.s.find(">", self.i)
            if end < 0:
                raise self.error("unterminated data")
            hexdigits = "".join(self.s[self.i + 1:end].split())
            self.i = end + 1
            return bytes.fromhex(hexdigits)
        return self.string()

    def string(self):
        c = self.peek()
        if c in "\"'":
            return self.quoted(c)
        start = self.i
        while self.i < len(self.s) and self.s[self.i] in _BARE:
            self.i += 1
        if self.i == start:
            raise self.error("unexpected character %r" % (self.s[self.i:self.i + 1] or "end of file"))
        return self.s[start:self.i]

    def quoted(self, quote):
        s = self.s
        self.i += 1
        out = []
        while True:
            if self.i >= len(s):
                raise self.error("unterminated string")
            c = s[self.i]
            if c == quote:
                self.i += 1
                return "".join(out)
            if c != "\\":
                out.append(c)
                self.i += 1
                continue
            self.i += 1
            e = s[self.i:self.i + 1]
            self.i += 1
            simple = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
            if e in simple:
                out.append(simple[e])
            elif e == "U":
                digits = ""
                while len(digits) < 4 and self.i < len(s) and s[self.i] in "0123456789abcdefABCDEF":
                    digits += s[self.i]
                    self.i += 1
                out.append(chr(int(digits, 16)) if digits else "U")
            elif e in "01234567":
                digits = e
                while len(digits) < 3 and self.i < len(s) and s[self.i] in "01234567":
                    digits += s[self.i]
                    self.i += 1
                out.append(chr(int(digits, 8)))
            else:
                out.append(e)


def loads(text):
    """The property list in `text` (the `// !$*UTF8*$!` first line is a comment)."""
    reader = _Reader(text)
    result = reader.value()
    if reader.peek() != "":
        raise reader.error("trailing characters")
    return result


def load(path):
    with open(path, encoding="utf-8") as f:
        return loads(f.read())
