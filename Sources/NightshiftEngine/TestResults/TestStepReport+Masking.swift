public import NightshiftCore

extension TestStepReport {
    /// The report with every text masked: a test named after a secret (a parameterised test's
    /// argument) reaches no report or history unmasked, whoever built the report.
    public func masked(by masker: SecretMasker) -> TestStepReport {
        var report = self
        // As the records are read: a step's 500,000 are not held to be masked.
        report.tests = tests.mapped { record in
            var record = record
            record.identifier = masker.mask(record.identifier)
            record.variant = record.variant.map(masker.mask)
            record.reason = record.reason.map(masker.mask)
            return record
        }
        report.junitPath = junitPath.map(masker.mask)
        report.coberturaPath = coberturaPath.map(masker.mask)
        return report
    }
}
