public import NightshiftSystem

/// The file of a `.file` or `.fileRange` body, opened as every transport reads one: regular files
/// only, without blocking (a FIFO would wait for a writer past SIGTERM, a device never end), and
/// refused in one set of words, "cannot upload '<path>': it is a FIFO", whichever transport, fake
/// or real, meets it.
public enum HTTPBodyFile {
    public static func open(_ path: String) throws(HTTPTransportError) -> ReadableFile {
        do {
            return try ReadableFile(path: path)
        } catch {
            throw .invalidRequest("cannot upload '\(path)': \(error.reason(opening: path))")
        }
    }
}
