/// A JSON value whose objects keep their keys in the order written, so the schema reads in the
/// order of `LanesKeys` and prints the same bytes every time (the committed copy is compared).
public indirect enum SchemaJSON: Sendable, Equatable {
    case object([(String, SchemaJSON)])
    case array([SchemaJSON])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)

    public static func == (lhs: SchemaJSON, rhs: SchemaJSON) -> Bool { lhs.printed() == rhs.printed() }

    /// Two-space indented, one key per line, a newline at the end.
    public func printed() -> String {
        var output = ""
        write(into: &output, indent: "")
        return output + "\n"
    }

    private func write(into output: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .object(let pairs) where pairs.isEmpty: output += "{}"
        case .object(let pairs):
            output += "{\n"
            for (index, (key, value)) in pairs.enumerated() {
                output += inner + Self.quoted(key) + ": "
                value.write(into: &output, indent: inner)
                output += index == pairs.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        case .array(let items) where items.allSatisfy(\.isScalar):
            output += "[" + items.map { $0.scalarText }.joined(separator: ", ") + "]"
        case .array(let items):
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                item.write(into: &output, indent: inner)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        default: output += scalarText
        }
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        case .string, .integer, .number, .bool: true
        }
    }

    private var scalarText: String {
        switch self {
        case .string(let text): Self.quoted(text)
        case .integer(let value): String(value)
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .bool(let value): value ? "true" : "false"
        case .object, .array: ""
        }
    }

    /// RFC 8259 §7: quote, backslash and control characters escaped; the rest as it is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
