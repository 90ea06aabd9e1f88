/// A JUnit `time` attribute: seconds with three decimals, the dot always (Jenkins parses it with
/// its own locale-free parser); `0.000` for what is not a finite positive time.
public enum JUnitTime {
    public static func text(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0.000" }
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds < 1e15 else { return "0.000" }
        let whole = Int64(milliseconds)
        let fraction = whole % 1000
        return "\(whole / 1000)." + String(repeating: "0", count: fraction < 10 ? 2 : fraction < 100 ? 1 : 0) + "\(fraction)"
    }
}
