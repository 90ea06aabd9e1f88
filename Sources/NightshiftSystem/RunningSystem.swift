/// Which system nightshift was built for, for the few conventions that differ by system rather
/// than by call (where a user's cache folder is): the branch stays in the system layer.
public enum RunningSystem {
    #if os(macOS)
    public static let isMacOS = true
    #else
    public static let isMacOS = false
    #endif
}
