import Foundation
public import NightshiftCore
import NightshiftEngine
public import NightshiftSchema
public import NightshiftSystem
public import NightshiftServices

/// Tells the people a lane's `notify:` names how its run ended: one POST per destination whose
/// `on:` the outcome meets, retried with the upload retry policy, each attempt bounded by
/// `attemptTimeout` on the injected clock. A notification that cannot be sent is a warning: it
/// never changes the lane's result or the run's exit code.
public struct LaneNotifier: Sendable {
    public var transport: any HTTPTransport
    public var clock: any WallClock
    public var jitter: any JitterSource
    public var policy: UploadRetryPolicy
    public var attemptTimeout: Duration

    public init(
        transport: any HTTPTransport, clock: any WallClock, jitter: any JitterSource = SystemJitterSource(),
        policy: UploadRetryPolicy = UploadRetryPolicy(), attemptTimeout: Duration = .seconds(30)
    ) {
        self.transport = transport
        self.clock = clock
        self.jitter = jitter
        self.policy = policy
        self.attemptTimeout = attemptTimeout
    }

    /// The event of `events` an outcome meets, the most specific first (a fixed lane is `fixed`
    /// before it is `success`); nil when it meets none. An interrupted run meets `always` only:
    /// someone stopped it, and it is neither a failure of the build nor a success.
    public static func event(for outcome: LaneRunSummary.Outcome, among events: [NotificationEvent]) -> NotificationEvent? {
        let candidates: [NotificationEvent] =
            switch outcome {
            case .failed: [.failure, .always]
            case .passed: [.success, .always]
            case .fixed: [.fixed, .success, .always]
            case .interrupted: [.always]
            }
        return candidates.first(where: events.contains)
    }

    /// Sends what `targets` ask for, all at once; returns a warning, masked, for each that was not
    /// delivered. `environment` expands the URLs. `log`: retry notices, masked, never naming the URL.
    /// After an interrupt each gets one attempt: the process was asked to stop.
    public func notify(
        _ summary: LaneRunSummary, targets: [NotificationTarget], in environment: EnvironmentVariables, secrets: RunSecrets,
        log: @escaping @Sendable (String) async -> Void
    ) async -> [String] {
        guard let content = NotificationContent(summary), let outcome = summary.outcome else { return [] }
        let sends = targets.compactMap { target -> (NotificationTarget, NotificationDestination, NotificationEvent)? in
            guard let destination = target.destination, let event = Self.event(for: outcome, among: target.events) else { return nil }
            return (target, destination, event)
        }
        let body: @Sendable (NotificationDestination, NotificationEvent) throws -> Data = { destination, event in
            try NotificationPayload.body(for: destination, content: content, summary: summary, event: event, secrets: secrets)
        }
        return await deliver(
            sends.map { target, destination, event in (target, destination, { try body(destination, event) }) },
            lane: summary.result.lane, attempts: outcome == .interrupted ? 1 : policy.attempts, environment: environment,
            secrets: secrets, log: log)
    }

    /// Posts each body to its target's URL at once, every attempt bounded; a warning per one not
    /// delivered, sorted.
    func deliver(
        _ sends: [(NotificationTarget, NotificationDestination, @Sendable () throws -> Data)], lane: String, attempts: Int,
        environment: EnvironmentVariables, secrets: RunSecrets, log: @escaping @Sendable (String) async -> Void
    ) async -> [String] {
        // Each URL's credential parts are secrets before anything is sent: a server that echoes
        // one alone (Slack's token segment, Teams' `sig`) finds it masked in every line after.
        secrets.learn(
            sends.flatMap { target, _, _ in
                NotificationURL.parse(target.url.expand(in: environment)).map { NotificationURL.secretParts(of: $0) } ?? []
            })
        var retries = policy
        retries.attempts = attempts
        var limited = RetryingHTTPClient(transport: transport, clock: clock, jitter: jitter, policy: retries)
        // A webhook that accepts the connection and never answers must not hold the run's end.
        limited.deadline = .fixed(attemptTimeout, clock: clock)
        let client = limited
        return await withTaskGroup(of: String?.self) { group in
            for (target, destination, body) in sends {
                group.addTask {
                    await Self.send(
                        body, lane: lane, to: destination, url: target.url.expand(in: environment), client: client, secrets: secrets,
                        log: log)
                }
            }
            var warnings: [String] = []
            for await warning in group { if let warning { warnings.append(warning) } }
            return warnings.sorted()
        }
    }

    private static func send(
        _ makeBody: () throws -> Data, lane: String, to destination: NotificationDestination, url text: String,
        client: RetryingHTTPClient, secrets: RunSecrets, log: @escaping @Sendable (String) async -> Void
    ) async -> String? {
        func warning(_ why: String) -> String { secrets.mask("the \(destination) notification of lane '\(lane)' was not sent: \(why)") }
        guard let url = NotificationURL.parse(text) else {
            return warning("its URL is not an http(s) URL once its variables are expanded")
        }
        let body: Data
        do {
            body = try makeBody()
        } catch {
            return warning("its message could not be encoded (\(error))")
        }
        let request = HTTPTransportRequest(
            method: "POST", url: url, headers: ["Content-Type": "application/json; charset=utf-8"], body: .data(body))
        // The URL is the credential (a Teams URL's signature is in its query): lines say which
        // destination, never where it is, whole or without its query.
        // A server may echo the path or the query alone (an error page quoting what was asked
        // for): each is as much the credential as the whole URL, so each is hidden too.
        let parts = [url.path, url.query].compactMap { $0 }.filter { $0.count > 1 }.sorted { $0.count > $1.count }
        let named: @Sendable (String) -> String = { line in
            var line = line.replacingOccurrences(of: url.absoluteString, with: "to \(destination)")
                .replacingOccurrences(of: request.printableURL, with: "to \(destination)")
            for part in parts { line = line.replacingOccurrences(of: part, with: "********") }
            return secrets.mask(line)
        }
        do {
            let response = try await client.send(request, log: { await log(named($0)) })
            guard response.isSuccess else {
                let answer = response.bodyText.split(whereSeparator: \.isNewline).first.map { ": " + String($0.prefix(200)) } ?? ""
                let spent =
                    UploadRetryPolicy.isRetryable(status: response.status) && client.policy.attempts > 1
                    ? " (after \(client.policy.attempts) attempts)" : ""
                return warning(named("HTTP \(response.status)\(answer)\(spent)"))
            }
            return nil
        } catch is CancellationError {
            return warning("the run was cancelled")
        } catch {
            let spent = client.policy.attempts > 1 ? " (after \(client.policy.attempts) attempts)" : ""
            return warning(named("\(error)") + spent)
        }
    }

    /// What a dry run shows instead of sending: to which destination (never the URL), on which
    /// events, and the message as text, masked; or that the outcome sends nothing.
    public static func dryRunLines(_ summary: LaneRunSummary, targets: [NotificationTarget], secrets: RunSecrets) -> [String] {
        guard let content = NotificationContent(summary), let outcome = summary.outcome else { return [] }
        return targets.flatMap { target -> [String] in
            let on = target.events.map(\.rawValue).joined(separator: ", ")
            let heading = "would notify \(target.destinationName) of lane '\(summary.result.lane)' (on \(on))"
            guard event(for: outcome, among: target.events) != nil else {
                return [secrets.mask("\(heading): nothing, the lane \(NotificationContent.verb(outcome))")]
            }
            return [secrets.mask(heading + ":")] + content.lines.map { "  " + secrets.mask($0) }
        }
    }
}
