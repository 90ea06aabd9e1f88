# A formula for a Homebrew tap (no tap is published yet: see README.md, "Installing"). It builds
# nightshift from source with the Swift of the Xcode it finds. Package.swift needs tools version
# 6.2, which Xcode 26 brings (Xcode 16 has Swift 6.0 and 6.1).
class Nightshift < Formula
  desc "Continuous-delivery build orchestrator for Apple-platform apps"
  homepage "https://github.com/OWNER/nightshift"
  license "Apache-2.0"
  head "https://github.com/OWNER/nightshift.git", branch: "main"

  depends_on xcode: ["26.0", :build]
  depends_on :macos

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "nightshift"
    # Stripped: the symbols are the build folder's, not what a user runs.
    system "strip", "-x", ".build/release/nightshift"
    bin.install ".build/release/nightshift"
    man1.install "Docs/nightshift.1"
    generate_completions_from_executable(bin/"nightshift", "--generate-completion-script")
  end

  test do
    assert_match(/^\d+\.\d+\.\d+$/, shell_output("#{bin}/nightshift --version"))
    (testpath/"lanes.yml").write <<~YAML
      lanes:
        hello:
          steps:
            - sh: echo hello from nightshift
    YAML
    assert_match "lanes.yml: 1 lane, 0 configurations: OK", shell_output("#{bin}/nightshift validate")
    assert_match "echo hello from nightshift", shell_output("#{bin}/nightshift run hello --dry-run")
    assert_match "hello from nightshift", shell_output("#{bin}/nightshift run hello")
  end
end
