import NightshiftCore
import Testing

/// How people write sizes, how Xcode reads them, and what is refused.
@Suite("ByteSize")
struct ByteSizeTests {
    @Test(
        "sizes as written, and COMPILATION_CACHE_LIMIT_SIZE as Xcode reads it",
        arguments: [
            ("20GB", "20G"), ("20G", "20G"), ("20 gb", "20G"), ("20GiB", "20G"), ("500MB", "500M"), ("1.5TB", "1536G"),
            ("1.5 T", "1536G"), ("512KB", "512K"), ("1048576", "1M"), ("1048577", "1048577"), ("2048 B", "2K"), ("0.5GB", "512M"),
            ("1.001GB", "1074815565"), ("8EB", nil), ("7TB", "7T"),
        ] as [(String, String?)])
    func xcodeSetting(written: String, xcode: String?) {
        #expect(ByteSize(parsing: written)?.xcodeSetting == xcode)
    }

    @Test(
        "hostile values are refused, never wrapped or rounded into something",
        arguments: [
            "", "GB", "-1GB", "+1GB", "20XB", "20 G B", "1e3GB", "NaN", "inf", "0x10", "1..5GB", "1.GB", ".5GB", "٣GB", "２GB",
            "99999999999TB", "9223372036854775808", "20GB\n", "20\u{0}GB", "1,5GB", "20GBs",
        ])
    func refused(written: String) {
        #expect(ByteSize(parsing: written) == nil)
    }

    @Test("read back as people read sizes")
    func description() {
        #expect(ByteSize(bytes: 20 << 30).description == "20 GB")
        #expect(ByteSize(bytes: 1_649_267_441_664).description == "1.5 TB")
        #expect(ByteSize(bytes: 900).description == "900 B")
        #expect(ByteSize(bytes: Int64.max).description == "8 EB")
    }
}
