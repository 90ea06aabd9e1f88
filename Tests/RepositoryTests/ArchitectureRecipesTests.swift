import Foundation
import Testing

/// ARCHITECTURE.md's recipes (#27 §6) list the files to change for a new step kind or upload
/// destination. This keeps the lists honest: every path a recipe names exists, and every source
/// file that handles each case of the type the recipe adds a case to (a `case .x` label for
/// every one of them: a switch the compiler stops at) is named in that recipe.
@Suite("ARCHITECTURE.md's recipes")
struct ArchitectureRecipesTests {
    /// Each recipe, and the types whose cases it adds.
    static let recipes: [Recipe] = [
        Recipe(title: "Add a step kind", types: ["StepKeyword", "StepKind"]),
        Recipe(title: "Add an upload destination", types: ["UploadDestination"]),
    ]

    struct Recipe: Sendable, CustomTestStringConvertible {
        var title: String
        var types: [String]
        var testDescription: String { title }
    }

    let root: String
    let sources: [String: String]
    let recipeTexts: [String: String]

    init() throws {
        root = try #require(NoTrappingSourceTests.packageRoot())
        let folder = root + "/Sources"
        var sources: [String: String] = [:]
        for file in try FileManager.default.subpathsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            sources["Sources/" + file] = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        }
        self.sources = sources
        recipeTexts = Self.recipes(in: try String(contentsOfFile: root + "/ARCHITECTURE.md", encoding: .utf8))
    }

    @Test("every Sources/ and Tests/ path a recipe names exists (a <Name> placeholder: the folder before it)")
    func namedPathsExist() throws {
        #expect(!recipeTexts.isEmpty, "ARCHITECTURE.md has no '## Recipes' section with '### ' recipes")
        for (title, text) in recipeTexts.sorted(by: { $0.key < $1.key }) {
            for name in Self.codeSpans(in: text) where name.hasPrefix("Sources/") || name.hasPrefix("Tests/") {
                let path = name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
                #expect(
                    FileManager.default.fileExists(atPath: root + "/" + path),
                    "ARCHITECTURE.md's recipe '\(title)' names \(name), which does not exist")
            }
            for name in Self.codeSpans(in: text) where name.hasSuffix(".swift") && !name.contains("/") && !name.contains("<") {
                #expect(
                    sources.keys.contains { $0.hasSuffix("/" + name) },
                    "ARCHITECTURE.md's recipe '\(title)' names \(name), which is no file under Sources/")
            }
        }
    }

    @Test("every source file with a case label for each case of the type is named in the type's recipe", arguments: recipes)
    func switchesAreNamed(_ recipe: Recipe) throws {
        let text = try #require(recipeTexts[recipe.title], "ARCHITECTURE.md has no recipe '### \(recipe.title)'")
        let named = Set(Self.codeSpans(in: text))
        for type in recipe.types {
            let cases = try #require(try Self.cases(of: type, in: sources), "no 'enum \(type)' under Sources/")
            #expect(cases.count > 1, "read no cases of \(type)")
            for (path, source) in sources.sorted(by: { $0.key < $1.key }) where cases.isSubset(of: Self.caseLabels(in: source)) {
                let file = (path as NSString).lastPathComponent
                #expect(
                    named.contains(path) || named.contains(file),
                    "\(path) has a case for each case of \(type), but ARCHITECTURE.md's recipe '\(recipe.title)' does not name it")
            }
        }
    }

    /// The text of each `### ` recipe of the `## Recipes` section, by title.
    static func recipes(in document: String) -> [String: String] {
        var recipes: [String: String] = [:]
        var inSection = false
        var title: String?
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                inSection = line == "## Recipes"
                title = nil
            } else if inSection, line.hasPrefix("### ") {
                title = String(line.dropFirst(4))
            } else if let title {
                recipes[title, default: ""] += line + "\n"
            }
        }
        return recipes
    }

    /// What the text writes between backticks.
    static func codeSpans(in text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap {
            $0.offset % 2 == 1 ? String($0.element) : nil
        }
    }

    /// The cases `enum <type>` declares, wherever under Sources/ it is declared.
    static func cases(of type: String, in sources: [String: String]) throws -> Set<String>? {
        let enumDeclaration = try Regex("\\benum \(type)\\b[^{]*\\{")
        for source in sources.values {
            guard let declaration = source.firstMatch(of: enumDeclaration) else { continue }
            // The enum's own lines: what sits directly inside its braces, not in its members'.
            var depth = 1
            var body = ""
            for character in source[declaration.range.upperBound...] {
                if character == "{" { depth += 1 }
                if character == "}" { depth -= 1 }
                if depth == 0 { break }
                if depth == 1 || character == "\n" { body.append(character) }
            }
            var names: Set<String> = []
            for line in body.split(separator: "\n") {
                let line = line.trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix("case ") else { continue }
                // `case a, b(Int, String)`: the names, without their associated values.
                var declared = String(line.dropFirst(5))
                while let group = declared.firstMatch(of: /\([^()]*\)/) { declared.removeSubrange(group.range) }
                for part in declared.split(separator: ",") {
                    if let name = part.firstMatch(of: /^\s*`?(\w+)/) { names.insert(String(name.output.1)) }
                }
            }
            return names
        }
        return nil
    }

    /// The names a file's `case .x, .y:` labels (and `case .x(let …)` patterns) name.
    static func caseLabels(in source: String) -> Set<String> {
        var labels: Set<String> = []
        for line in source.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("case .") {
            for match in line.matches(of: /(?:case|,)\s*\.(\w+)/) { labels.insert(String(match.output.1)) }
        }
        return labels
    }
}
