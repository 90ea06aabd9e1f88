import Foundation

/// rename(2): atomic within one file system, and it replaces whatever `destination` named before.
/// Foundation's `moveItem` refuses an existing destination, and its `replaceItemAt` is not one
/// atomic step on Linux.
public enum FileRename {
    public static func replace(_ destination: String, with source: String) throws(SystemCallError) {
        guard rename(source, destination) == 0 else { throw .last("cannot rename into '\(destination)'") }
    }
}
