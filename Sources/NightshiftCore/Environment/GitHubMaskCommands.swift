/// GitHub Actions' `::add-mask::VALUE` workflow command: the runner masks VALUE in the job's log
/// from then on, and its encoded forms too. nightshift prints one per secret value as a run
/// starts under GitHub Actions, so a secret GitHub did not hand over itself (a `.env` file's, a
/// secret lane option given as a `workflow_dispatch` input, which GitHub does not mask) is masked
/// in lines nightshift did not write either. These lines are the one output that holds secret
/// values: the runner reads and drops them, and they must not pass through nightshift's masker.
public enum GitHubMaskCommands {
    /// One line per line of each value (GitHub masks a log line by line, so a multi-line value
    /// is registered a line at a time), `%` escaped as workflow commands want it (`%25`; the
    /// lines hold no CR or LF, the other two characters they escape). A line too short for
    /// nightshift to mask (`MaskingLimit`) is not registered either: GitHub would mask that text
    /// everywhere in the log (`ab` in every word), where nightshift warns instead.
    public static func lines(for secrets: [String]) -> String {
        var seen: Set<String> = []
        var text = ""
        for secret in secrets {
            for line in secret.split(whereSeparator: \.isNewline) where MaskingLimit.isMaskable(String(line)) {
                let value = String(line)
                guard seen.insert(value).inserted else { continue }
                text += "::add-mask::" + escaped(value) + "\n"
            }
        }
        return text
    }

    private static func escaped(_ value: String) -> String {
        String(value.flatMap { $0 == "%" ? Array("%25") : [$0] })
    }
}
