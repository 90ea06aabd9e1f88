/// The first `limit` of a list a report shows, and how many the list has: what the HTML report
/// and the step summary keep of a step's tests (500,000 of them, or 4,000 failures with 16 KiB
/// reasons) while its records are read, one at a time, never all at once.
struct FirstListed<Element> {
    let limit: Int
    private(set) var kept: [Element] = []
    private(set) var count = 0

    init(limit: Int) { self.limit = limit }

    /// Counts one more; keeps `element` (made only then) while there is room.
    mutating func add(_ element: @autoclosure () -> Element) {
        count += 1
        if kept.count < limit { kept.append(element()) }
    }

    /// How many were counted and not kept.
    var left: Int { count - kept.count }
}
