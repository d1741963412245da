import Foundation
@testable import ProjectCLI

/// The package's own files, found from this file's path: the tables under `Localization/` and the
/// Swift sources under `Sources/`, so the tests check what is on disk, not only what was compiled.
enum L10nFixtures {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Localization
        .deletingLastPathComponent()  // ProjectCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let localizationFolder = packageRoot.appendingPathComponent("Localization")
    static let sourcesFolder = packageRoot.appendingPathComponent("Sources")

    /// Every `Localization/<language>.messages` file, as text, by language.
    static let tableSources: [String: String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: localizationFolder.path)) ?? []
        var sources: [String: String] = [:]
        for name in names where name.hasSuffix(".messages") {
            let url = localizationFolder.appendingPathComponent(name)
            sources[String(name.dropLast(".messages".count))] = try? String(contentsOf: url, encoding: .utf8)
        }
        return sources
    }()

    /// The tables on disk, parsed by the program's own parser.
    static let tables: [String: MessageTable] = tableSources.reduce(into: [:]) { tables, entry in
        tables[entry.key] = MessageTable(language: entry.key, source: entry.value)
    }

    static var english: MessageTable { tables["en"] ?? MessageTable(language: "en", source: "") }

    /// Every language but English, sorted.
    static var translations: [String] { tables.keys.filter { $0 != "en" }.sorted() }

    /// The `{name}` placeholders of a message, each counted once.
    static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                names.insert(String(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `list.summary[one]` → `list.summary`.
    static func baseKey(_ key: String) -> String {
        key.firstIndex(of: "[").map { String(key[..<$0]) } ?? key
    }

    /// `list.summary[one]` → `one`; `nil` for a key without plural forms.
    static func pluralForm(_ key: String) -> String? {
        guard let open = key.firstIndex(of: "["), key.hasSuffix("]") else { return nil }
        return String(key[key.index(after: open)..<key.index(before: key.endIndex)])
    }

    /// The Swift files under `folder`, as paths relative to the package and their text.
    static func swiftFiles(under folder: URL) -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [(String, String)] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let url = folder.appendingPathComponent(relative)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let fromRoot = String(url.path.dropFirst(packageRoot.path.count)).drop { $0 == "/" }
            files.append((String(fromRoot), text))
        }
        return files.sorted { $0.0 < $1.0 }
    }
}

/// One string literal of a Swift source file.
struct L10nSwiftLiteral: CustomStringConvertible {
    /// Relative to the package, e.g. `Sources/ProjectCLI/ProjectTool.swift`.
    let file: String
    let line: Int
    /// The literal's value with escapes decoded and each interpolation `\(…)` as `L10nSwiftScanner.hole`.
    let text: String
    /// The code before the literal on its line, and after it.
    let before: String
    let after: String

    var description: String {
        "\(file):\(line): \"\(text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: String(L10nSwiftScanner.hole), with: "\\(…)"))\""
    }
}

/// Finds the string literals of Swift source: plain, multi-line and raw ones, and those inside
/// interpolations; comments are skipped. Enough of Swift's lexical grammar for our own sources.
struct L10nSwiftScanner {
    /// Stands for an interpolation in `L10nSwiftLiteral.text`.
    static let hole: Character = "\u{FFFC}"

    static func literals(in source: String, file: String) -> [L10nSwiftLiteral] {
        var scanner = L10nSwiftScanner(Array(source.unicodeScalars))
        scanner.code(untilClosingParenthesis: false)
        return scanner.found.sorted { $0.start < $1.start }.map { found in
            L10nSwiftLiteral(
                file: file, line: scanner.line(at: found.start), text: found.text,
                before: scanner.lineText(from: found.start, backwards: true),
                after: scanner.lineText(from: found.end, backwards: false))
        }
    }

    static func literals(under folder: URL, excluding excluded: Set<String> = []) -> [L10nSwiftLiteral] {
        L10nFixtures.swiftFiles(under: folder)
            .filter { !excluded.contains(($0.path as NSString).lastPathComponent) }
            .flatMap { literals(in: $0.text, file: $0.path) }
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var found: [(start: Int, end: Int, text: String)] = []

    private init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private func scalar(_ offset: Int = 0) -> Unicode.Scalar? {
        scalars.indices.contains(index + offset) ? scalars[index + offset] : nil
    }

    private mutating func code(untilClosingParenthesis: Bool) {
        var depth = 0
        while let current = scalar() {
            if current == "/", scalar(1) == "/" {
                while let next = scalar(), next != "\n" { index += 1 }
            } else if current == "/", scalar(1) == "*" {
                skipBlockComment()
            } else if current == "\"" || (current == "#" && startsRawString()) {
                string()
            } else {
                index += 1
                if current == "(" { depth += 1 }
                if current == ")" {
                    if untilClosingParenthesis && depth == 0 { return }
                    depth -= 1
                }
            }
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while let current = scalar() {
            if current == "/", scalar(1) == "*" {
                depth += 1
                index += 2
            } else if current == "*", scalar(1) == "/" {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    private func startsRawString() -> Bool {
        var offset = 0
        while scalar(offset) == "#" { offset += 1 }
        return scalar(offset) == "\""
    }

    private func hashes(at offset: Int, count: Int) -> Bool {
        (0..<count).allSatisfy { scalar(offset + $0) == "#" }
    }

    private mutating func string() {
        let start = index
        var hashCount = 0
        while scalar() == "#" {
            hashCount += 1
            index += 1
        }
        let multiline = scalar() == "\"" && scalar(1) == "\"" && scalar(2) == "\""
        let quotes = multiline ? 3 : 1
        index += quotes
        if multiline, scalar() == "\n" { index += 1 }
        var text = ""
        while let current = scalar() {
            if current == "\"", (0..<quotes).allSatisfy({ scalar($0) == "\"" }), hashes(at: quotes, count: hashCount) {
                index += quotes + hashCount
                break
            }
            if current == "\\", hashes(at: 1, count: hashCount), let escaped = scalar(1 + hashCount) {
                index += 2 + hashCount
                switch escaped {
                case "(":
                    text.append(Self.hole)
                    code(untilClosingParenthesis: true)
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "0": text.append("\0")
                case "u":
                    var hex = ""
                    while let digit = scalar(), digit != "}" {
                        if digit != "{" { hex.unicodeScalars.append(digit) }
                        index += 1
                    }
                    index += 1
                    if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                        text.unicodeScalars.append(decoded)
                    }
                case " ", "\t", "\n":
                    // A line continuation in a multi-line literal: the rest of the line is not text.
                    if escaped != "\n" {
                        while let next = scalar(), next != "\n" { index += 1 }
                        index += 1
                    }
                default: text.unicodeScalars.append(escaped)
                }
                continue
            }
            if current == "\n", !multiline { break }
            text.unicodeScalars.append(current)
            index += 1
        }
        if multiline { text = Self.withoutIndentation(text) }
        found.append((start, index, text))
    }

    /// A multi-line literal's lines lose the indentation of its closing delimiter, as in Swift.
    private static func withoutIndentation(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) else { return text }
        lines.removeLast()
        return lines.map { $0.hasPrefix(last) ? $0.dropFirst(last.count) : $0 }.joined(separator: "\n")
    }

    private func line(at offset: Int) -> Int {
        scalars[..<offset].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    private func lineText(from offset: Int, backwards: Bool) -> String {
        var text = String.UnicodeScalarView()
        if backwards {
            var cursor = offset - 1
            while cursor >= 0, scalars[cursor] != "\n" { cursor -= 1 }
            text.append(contentsOf: scalars[(cursor + 1)..<offset])
        } else {
            var cursor = offset
            while cursor < scalars.count, scalars[cursor] != "\n" { cursor += 1 }
            text.append(contentsOf: scalars[offset..<cursor])
        }
        return String(text)
    }
}
