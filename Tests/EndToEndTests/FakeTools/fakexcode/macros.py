"""Build-setting macros as Xcode's build system evaluates them.

Semantics learnt from swift-build (github.com/swiftlang/swift-build, Sources/SWBMacro), not copied:
- MacroExpressionParsing.swift: `$(NAME)` and `${NAME}` (the braces form is deprecated but
  accepted), the deprecated bare `$NAME` form (a letter or `_` first, then letters, digits, `_`),
  `$$` for a literal `$`, a lone `$` kept literally. Inside the parentheses the macro name may itself
  hold substitutions (`$(A_$(B))`), then any number of operators: `:op` (retrieval) or `:op=operand`
  (replacement), the operand running to the next `:` or the closing delimiter and itself an
  expression.
- MacroEvaluationProgram.swift: retrieval operators quote, upper, lower, identifier,
  rfc1034identifier, c99extidentifier, dir, file, base, suffix, standardizepath, not (YES unless the
  value is YES, else NO); replacement operators dir=, file=, base=, suffix=, default= (only default=
  applies to an empty value: "the operator should be applied even to an empty result"), relativeto=,
  isancestor=. `$(inherited)` (and `$(value)`) name the macro whose value is being evaluated, and
  evaluate its next lower assignment ("nextValueForMacro") — also inside an operator's operand,
  which is evaluated in the outer macro's context. A macro with no value, or unknown, is empty.
- MacroValueAssignmentTable.swift: assignments are pushed onto a per-macro list, the newest first;
  lookup takes the first whose conditions match, so at one level a later assignment wins.
- MacroConditionParameter.swift / MacroCondition.swift: `NAME[sdk=iphoneos*][arch=arm64] = v`,
  patterns matched as globs (fnmatch) against the parameter's value (sdk: the SDK's canonical name,
  e.g. iphoneos26.0; arch; config; variant; platform); a parameter without a value matches only
  the pattern `*` (MacroCondition.evaluate). No comma lists: the pattern runs to the `]`.
- MacroConfigFileParser.swift: xcconfig syntax (see parse_xcconfig).
- SWBUtil String+Extensions (mangledToC99ExtendedIdentifier): every character outside the C99
  extended identifier set becomes `_`, and a leading digit becomes `_`
  (`works.sth.brewer-app` -> `works_sth_brewer_app`).
"""

import fnmatch
import os
import posixpath
import re
import unicodedata

# ---------------------------------------------------------------------------------------------
# Identifier manglings (SWBUtil)

# The C99 Annex D ranges SWBUtil allows (letters, digits, `_` and the extended characters).
_C99_RANGES = [
    (0x41, 0x5A), (0x61, 0x7A), (0x30, 0x39), (0x5F, 0x5F), (0xAA, 0xAA), (0xB5, 0xB5), (0xB7, 0xB7),
    (0xBA, 0xBA), (0xC0, 0xD6), (0xD8, 0xF6), (0xF8, 0x1F5), (0x1FA, 0x217), (0x250, 0x2A8),
    (0x2B0, 0x2B8), (0x2BB, 0x2BB), (0x2BD, 0x2C1), (0x2D0, 0x2D1), (0x2E0, 0x2E4), (0x37A, 0x37A),
    (0x386, 0x386), (0x388, 0x38A), (0x38C, 0x38C), (0x38E, 0x3A1), (0x3A3, 0x3CE), (0x3D0, 0x3D6),
    (0x3DA, 0x3DA), (0x3DC, 0x3DC), (0x3DE, 0x3DE), (0x3E0, 0x3E0), (0x3E2, 0x3F3), (0x401, 0x40C),
    (0x40E, 0x44F), (0x451, 0x45C), (0x45E, 0x481), (0x490, 0x4C4), (0x4C7, 0x4C8), (0x4CB, 0x4CC),
    (0x4D0, 0x4EB), (0x4EE, 0x4F5), (0x4F8, 0x4F9), (0x531, 0x556), (0x559, 0x559), (0x561, 0x587),
    (0x5B0, 0x5B9), (0x5BB, 0x5BD), (0x5BF, 0x5BF), (0x5C1, 0x5C2), (0x5D0, 0x5EA), (0x5F0, 0x5F2),
    (0x621, 0x63A), (0x640, 0x652), (0x660, 0x669), (0x670, 0x6B7), (0x6BA, 0x6BE), (0x6C0, 0x6CE),
    (0x6D0, 0x6DC), (0x6E5, 0x6E8), (0x6EA, 0x6ED), (0x6F0, 0x6F9), (0x901, 0x903), (0x905, 0x939),
    (0x93D, 0x94D), (0x950, 0x952), (0x958, 0x963), (0x966, 0x96F), (0x981, 0x983), (0x985, 0x98C),
    (0x98F, 0x990), (0x993, 0x9A8), (0x9AA, 0x9B0), (0x9B2, 0x9B2), (0x9B6, 0x9B9), (0x9BE, 0x9C4),
    (0x9C7, 0x9C8), (0x9CB, 0x9CD), (0x9DC, 0x9DD), (0x9DF, 0x9E3), (0x9E6, 0x9EF), (0x9F0, 0x9F1),
    (0xE01, 0xE3A), (0xE40, 0xE5B), (0x10A0, 0x10C5), (0x10D0, 0x10F6), (0x1E00, 0x1E9B),
    (0x1EA0, 0x1EF9), (0x1F00, 0x1F15), (0x1F18, 0x1F1D), (0x1F20, 0x1F45), (0x1F48, 0x1F4D),
    (0x1F50, 0x1F57), (0x1F59, 0x1F59), (0x1F5B, 0x1F5B), (0x1F5D, 0x1F5D), (0x1F5F, 0x1F7D),
    (0x1F80, 0x1FB4), (0x1FB6, 0x1FBC), (0x1FBE, 0x1FBE), (0x1FC2, 0x1FC4), (0x1FC6, 0x1FCC),
    (0x1FD0, 0x1FD3), (0x1FD6, 0x1FDB), (0x1FE0, 0x1FEC), (0x1FF2, 0x1FF4), (0x1FF6, 0x1FFC),
    (0x203F, 0x2040), (0x207F, 0x207F), (0x2102, 0x2102), (0x2107, 0x2107), (0x210A, 0x2113),
    (0x2115, 0x2115), (0x2118, 0x211D), (0x2124, 0x2124), (0x2126, 0x2126), (0x2128, 0x2128),
    (0x212A, 0x2131), (0x2133, 0x2138), (0x2160, 0x2182), (0x3005, 0x3007), (0x3021, 0x3029),
    (0x3041, 0x3093), (0x309B, 0x309C), (0x30A1, 0x30F6), (0x30FB, 0x30FC), (0x3105, 0x312C),
    (0x4E00, 0x9FA5), (0xAC00, 0xD7A3),
]  # (a subset of the scripts SWBUtil lists: Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic,
#     Devanagari, Bengali, Thai, Georgian, CJK, Hangul; enough for bundle identifiers)


def _c99_allowed(ch):
    v = ord(ch)
    return any(lo <= v <= hi for lo, hi in _C99_RANGES)


def c99extidentifier(s):
    """SWBUtil's mangledToC99ExtendedIdentifier: NFC first, invalid characters to `_`, a leading
    digit to `_`."""
    chars = [c if _c99_allowed(c) else "_" for c in unicodedata.normalize("NFC", s)]
    if chars and chars[0].isdigit():
        chars[0] = "_"
    return "".join(chars)


def identifier(s):
    """SWBUtil's asLegalCIdentifier: ASCII letters, digits and `_`; others `_`; a leading digit
    gets a `_` in front."""
    out = "".join(c if (c.isascii() and (c.isalnum() or c == "_")) else "_" for c in s)
    if out and out[0].isdigit():
        out = "_" + out
    return out


def rfc1034identifier(s):
    """SWBUtil's asLegalRfc1034Identifier: ASCII letters, digits, `-` and `.` kept, others `-`."""
    return "".join(c if (c.isascii() and (c.isalnum() or c in "-.")) else "-" for c in s)


def _quote(s):
    """quotedStringListRepresentation of one string: as is when it needs no quoting, else in
    double quotes with `"` and `\\` escaped."""
    if s and not re.search(r"[\s\"'\\]", s):
        return s
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _path_dir(s):
    d = posixpath.dirname(s)
    if not d:
        return "./"
    return d if d.endswith("/") else d + "/"


def _path_base(s):
    name = posixpath.basename(s)
    stem, dot, _ = name.rpartition(".")
    return stem if dot and stem else name


def _path_suffix(s):
    name = posixpath.basename(s)
    stem, dot, ext = name.rpartition(".")
    return "." + ext if dot and stem else ""


def _path_ext(s):
    suffix = _path_suffix(s)
    return suffix[1:]


def _without_suffix(s):
    suffix = _path_suffix(s)
    return s[: len(s) - len(suffix)] if suffix else s


def _standardize(s):
    if not s:
        return s
    absolute = s.startswith("/")
    parts = []
    for p in s.split("/"):
        if p in ("", "."):
            continue
        if p == ".." and parts and parts[-1] != ".." and absolute:
            parts.pop()
            continue
        parts.append(p)
    return ("/" if absolute else "") + "/".join(parts)


RETRIEVAL = {
    "quote": _quote,
    "upper": lambda s: s.upper(),
    "lower": lambda s: s.lower(),
    "identifier": identifier,
    "rfc1034identifier": rfc1034identifier,
    "c99extidentifier": c99extidentifier,
    "__stripslash": lambda s: s[1:] if s.startswith("/") else s,
    "dir": _path_dir,
    "file": posixpath.basename,
    "base": _path_base,
    "suffix": _path_suffix,
    "standardizepath": _standardize,
    "not": lambda s: "YES" if s != "YES" else "NO",
}


def _replace_base(s, r):
    ext = _path_ext(s)
    return posixpath.join(posixpath.dirname(s), r) + "." + ext


def _replace_suffix(s, r):
    suffix = _path_ext(r) if "." in r else r
    return _without_suffix(s) + "." + suffix


def _relativeto(s, r):
    if not (s.startswith("/") and r.startswith("/")):
        return s
    return posixpath.relpath(s, r)


def _isancestor(s, r):
    if not (s.startswith("/") and r.startswith("/")):
        return "NO"
    s, r = _standardize(s), _standardize(r)
    return "YES" if s == r or s.startswith(r.rstrip("/") + "/") else "NO"


REPLACEMENT = {
    "dir": lambda s, r: posixpath.join(r, posixpath.basename(s)),
    "file": lambda s, r: posixpath.join(posixpath.dirname(s), r),
    "base": _replace_base,
    "suffix": _replace_suffix,
    "default": lambda s, r: r if s == "" else s,
    "relativeto": _relativeto,
    "isancestor": _isancestor,
}

# ---------------------------------------------------------------------------------------------
# Expressions


class Lit:
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


class Ref:
    """A substitution: the name (a list of parts, literal or nested) and its operators, each
    (name, operand parts or None)."""

    __slots__ = ("name", "ops")

    def __init__(self, name, ops):
        self.name = name
        self.ops = ops


_NAME1 = re.compile(r"[A-Za-z_]")
_NAMEN = re.compile(r"[A-Za-z0-9_]")
_OPCHAR = re.compile(r"[A-Za-z0-9_]")


class _Parser:
    def __init__(self, text):
        self.s = text
        self.i = 0
        self.diagnostics = []

    def at_end(self):
        return self.i >= len(self.s)

    def cur(self):
        return self.s[self.i] if self.i < len(self.s) else None

    def top(self):
        parts = []
        while not self.at_end():
            if self.cur() == "$":
                parts.append(self.substitution())
            else:
                j = self.s.find("$", self.i)
                j = len(self.s) if j < 0 else j
                parts.append(Lit(self.s[self.i:j]))
                self.i = j
        return parts

    def fragment(self, close):
        """Parts up to `:`, the closing delimiter or the end (not consumed)."""
        parts = []
        while not self.at_end():
            c = self.cur()
            if c in (":", close):
                break
            if c == "$":
                parts.append(self.substitution())
                continue
            j = self.i
            while j < len(self.s) and self.s[j] not in ("$", ":", close):
                j += 1
            parts.append(Lit(self.s[self.i:j]))
            self.i = j
        return parts

    def substitution(self):
        start = self.i
        self.i += 1  # the $
        c = self.cur()
        if c is None:
            self.diagnostics.append("trailing '$'")
            return Lit("$")
        if c in "({":
            close = ")" if c == "(" else "}"
            if c == "{":
                self.diagnostics.append("deprecated ${} macro reference syntax")
            self.i += 1
            name = self.fragment(close)
            if not name:
                self.diagnostics.append("missing macro name")
            ops = []
            while self.cur() == ":":
                self.i += 1
                j = self.i
                while j < len(self.s) and _OPCHAR.match(self.s[j]):
                    j += 1
                opname = self.s[self.i:j]
                self.i = j
                c = self.cur()
                if c is None:
                    self.diagnostics.append("unterminated macro subexpression")
                    break
                if c == ":" or c == close:
                    if opname:
                        ops.append((opname, None))
                    else:
                        self.diagnostics.append("missing operator name")
                elif c == "=":
                    self.i += 1
                    operand = self.fragment(close)
                    if opname:
                        ops.append((opname, operand))
                    else:
                        self.diagnostics.append("missing operator name")
                else:
                    self.diagnostics.append("invalid operator character %r" % c)
                    while not self.at_end() and self.cur() not in (":", close):
                        self.i += 1
            if self.cur() == close:
                self.i += 1
            else:
                self.diagnostics.append("unterminated macro subexpression in %r" % self.s[start:])
            return Ref(name, ops)
        if _NAME1.match(c):
            j = self.i + 1
            while j < len(self.s) and _NAMEN.match(self.s[j]):
                j += 1
            name = [Lit(self.s[self.i:j])]
            self.i = j
            # swift-build's accommodation: `$FOO$(BAR)` continues the name with the substitution.
            if self.s.startswith("$(", self.i):
                name.append(self.substitution())
            return Ref(name, [])
        if c == "$":
            self.i += 1
        return Lit("$")


_parse_cache = {}


def parse(text):
    parts = _parse_cache.get(text)
    if parts is None:
        parts = _Parser(text).top()
        _parse_cache[text] = parts
    return parts


def diagnostics(text):
    p = _Parser(text)
    p.top()
    return p.diagnostics


# ---------------------------------------------------------------------------------------------
# Assignments, tables, evaluation


class Assignment:
    __slots__ = ("name", "conditions", "value", "origin")

    def __init__(self, name, conditions, value, origin=""):
        self.name = name
        self.conditions = conditions  # list of (parameter, glob)
        self.value = value
        self.origin = origin

    def __repr__(self):
        return "Assignment(%r, %r, %r)" % (self.name, self.conditions, self.value)


_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*((?:\[[^\]=]*=[^\]]*\]\s*)*)$")


def split_key(key):
    """`NAME[sdk=iphoneos*][config=Release]` -> (NAME, [(sdk, iphoneos*), (config, Release)]);
    None when it is not a setting name. As MacroConfigFileParser reads a condition: the parameter
    runs to the first `=`, the pattern to the `]` (so `[sdk=a,arch=b]` is one odd pattern)."""
    m = _KEY.match(key)
    if not m:
        return None
    conditions = []
    for group in re.findall(r"\[([^\]]*)\]", m.group(2)):
        param, _, pattern = group.partition("=")
        conditions.append((param, pattern))
    return m.group(1), conditions


def conditions_match(conditions, parameters):
    """MacroCondition.evaluate: fnmatch against each value of the parameter; a parameter with no
    value matches only the pattern `*`."""
    for param, pattern in conditions:
        value = parameters.get(param)
        values = [] if value is None else (value if isinstance(value, (list, tuple)) else [value])
        if not values:
            if pattern != "*":
                return False
            continue
        if not any(fnmatch.fnmatchcase(v, pattern) for v in values):
            return False
    return True


class Table:
    """Every assignment of every level, per macro the newest (highest precedence) first."""

    def __init__(self):
        self.assignments = {}

    def push(self, assignment):
        self.assignments.setdefault(assignment.name, []).insert(0, assignment)

    def push_level(self, assignments):
        for a in assignments:
            self.push(a)

    def copy(self):
        t = Table()
        t.assignments = {k: list(v) for k, v in self.assignments.items()}
        return t


class Evaluator:
    """Evaluates macros of a Table for one set of condition parameters."""

    def __init__(self, table, parameters=None):
        self.table = table
        self.parameters = parameters or {}
        self.cache = {}
        self.warnings = []

    def _matching(self, name):
        return [a for a in self.table.assignments.get(name, ()) if conditions_match(a.conditions, self.parameters)]

    def names(self):
        return [n for n in self.table.assignments if self._matching(n)]

    def value(self, name):
        """The string value of `name` (empty when unset)."""
        if name in self.cache:
            return self.cache[name]
        result = self._eval_from(name, 0, ())
        self.cache[name] = result
        return result

    def has(self, name):
        return bool(self._matching(name))

    def _eval_from(self, name, index, stack):
        matching = self._matching(name)
        if index >= len(matching):
            return ""
        key = (name, index)
        if key in stack:
            # Xcode reports a cycle and evaluates the reference as empty.
            self.warnings.append("cyclic reference to %s" % name)
            return ""
        return self._eval_parts(parse(matching[index].value), name, index, stack + (key,))

    def evaluate(self, text, extra=None):
        """`text` as an expression in this context (not the value of any macro); `extra` names
        macros that exist only for this evaluation (entitlements' AppIdentifierPrefix)."""
        saved = self.table
        if extra:
            self.table = saved.copy()
            for k, v in extra.items():
                self.table.push(Assignment(k, [], v))
            cache, self.cache = self.cache, {}
        try:
            return self._eval_parts(parse(text), None, 0, ())
        finally:
            if extra:
                self.table = saved
                self.cache = cache

    def _eval_parts(self, parts, macro, index, stack):
        out = []
        for p in parts:
            if isinstance(p, Lit):
                out.append(p.text)
                continue
            name = self._eval_parts(p.name, macro, index, stack)
            if name in ("inherited", "value"):
                value = self._eval_from(macro, index + 1, stack) if macro is not None else ""
            elif not name:
                value = ""
            elif not stack and name in self.cache:
                value = self.cache[name]
            else:
                value = self._eval_from(name, 0, stack)
            for opname, operand in p.ops:
                if operand is None:
                    op = RETRIEVAL.get(opname)
                    if op is None:
                        self.warnings.append("unknown retrieval operator '%s'" % opname)
                        continue
                    value = op(value)
                else:
                    op = REPLACEMENT.get(opname)
                    if op is None:
                        self.warnings.append("unknown replacement operator '%s'" % opname)
                        continue
                    replacement = self._eval_parts(operand, macro, index, stack)
                    if value == "" and opname != "default":
                        continue
                    value = op(value, replacement)
            out.append(value)
        return "".join(out)


# ---------------------------------------------------------------------------------------------
# xcconfig files


_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*\s*(?:\[[^\]=]*=[^\]]*\]\s*)*)=(.*)$")


class XcconfigError(Exception):
    pass


def _find_include(target, search_paths):
    """MacroConfigFileLoader: an absolute path as is; a relative one in the includer's folder, then
    in the folders of the files that included it (each nested include inherits its includer's
    search paths); `.xcconfig` may be left out."""
    if target.startswith("/"):
        if not os.path.exists(target) and not os.path.splitext(target)[1] and os.path.exists(target + ".xcconfig"):
            return target + ".xcconfig", None
        return target, (None if os.path.exists(target) else "included file '%s' does not exist" % target)
    for folder in search_paths:
        candidate = os.path.join(folder, target)
        if os.path.exists(candidate):
            return os.path.normpath(candidate), None
        if not os.path.splitext(target)[1] and os.path.exists(candidate + ".xcconfig"):
            return os.path.normpath(candidate + ".xcconfig"), None
    return None, "could not find included file '%s' in search paths" % target


def parse_xcconfig(path, diagnostics=None, _seen=None, _search=()):
    """The assignments of an xcconfig file, includes expanded in place, in file order.

    MacroConfigFileParser.swift and MacroConfigFileLoader.swift: `//` starts a comment anywhere on
    a line (even inside a value: `URL = https://x` is `URL = https:`), `#include "file"` and
    `#include? "file"` (the `?` form ignores a missing file; the extension may be left out),
    relative paths looked up in the including file's folder and then its includers' folders,
    `<DEVELOPER_DIR>` includes skipped here, `NAME = value` with optional conditions
    `NAME[sdk=iphoneos*]`, one optional trailing `;`, whitespace around the value dropped, a
    trailing `\\` continuing the value on the next line, any other `#` directive an error
    ("unsupported preprocessor directive"). Missing files, with swift-build's texts: `could not
    find included file 'X' in search paths` (relative), `included file 'X' does not exist`
    (absolute); an include cycle is skipped with a warning."""
    if diagnostics is None:
        diagnostics = []
    seen = _seen or ()
    real = os.path.realpath(path)
    if real in seen:
        diagnostics.append(("warning", "Skipping the inclusion of '%s' as it would create a cycle." % os.path.basename(path)))
        return []
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    result = []
    base = os.path.dirname(path)
    search = (base,) + tuple(_search)
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        comment = line.find("//")
        if comment >= 0:
            line = line[:comment]
        # A value ending in `\` continues on the next line (the pieces joined by a space).
        while line.rstrip().endswith("\\") and "=" in line and number < len(lines):
            piece = lines[number]
            number += 1
            cut = piece.find("//")
            piece = (piece[:cut] if cut >= 0 else piece).strip()
            head = line.rstrip()[:-1].rstrip()
            line = head + (" " + piece if piece else "")
        stripped = line.strip()
        if not stripped:
            continue
        m = re.match(r'^#\s*include(\??)\s*"([^"]*)"\s*$', stripped)
        if m:
            optional, target = m.group(1) == "?", m.group(2)
            if target.startswith("<DEVELOPER_DIR>"):
                continue
            full, problem = _find_include(target, search)
            if problem:
                if not optional:
                    diagnostics.append(("error", "%s:%d: %s" % (path, number, problem)))
                continue
            result.extend(parse_xcconfig(full, diagnostics, seen + (real,), search))
            continue
        if stripped.startswith("#"):
            directive = stripped[1:].split()[0] if stripped[1:].split() else ""
            diagnostics.append(("error", "%s:%d: unsupported preprocessor directive \u2018%s\u2019" % (path, number, directive)))
            continue
        m = _LINE.match(stripped)
        split = split_key(m.group(1)) if m else None
        value = m.group(2) if m else ""
        if split is None:
            diagnostics.append(("warning", "%s:%d: unrecognized line: %s" % (path, number, stripped)))
            continue
        value = value.strip()
        if value.endswith(";"):
            value = value[:-1].rstrip()
        result.append(Assignment(split[0], split[1], value, "%s:%d" % (path, number)))
    return result


def settings_dict_assignments(settings, origin=""):
    """The assignments of a pbxproj buildSettings dictionary, in its (written) order. An array
    value is one string, elements separated by spaces and quoted when they need it."""
    result = []
    for key, value in settings.items():
        split = split_key(key)
        if split is None:
            continue
        if isinstance(value, list):
            value = " ".join(_quote(v) if v != "$(inherited)" else v for v in value)
        result.append(Assignment(split[0], split[1], value, origin))
    return result
