/// One piece of JSON text as a pull parser hands it over: a value's start or end, a key, a
/// scalar.
enum JSONToken: Equatable {
    case objectStart, objectEnd, arrayStart, arrayEnd
    case key(String)
    case string(String)
    /// nil for a number no `Double` holds (`1e400`): read as absent, as `JSONDecoder` refuses it.
    case number(Double?)
    case bool(Bool)
    case null
    /// After the one top-level value and its trailing blanks.
    case end
}
