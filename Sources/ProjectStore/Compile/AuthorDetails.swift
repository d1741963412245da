/// The writer's name and contact lines for a manuscript's first page, from the settings file the
/// writer edits once: the first line is the name as it goes on manuscripts, each line after it a
/// contact line (address, e-mail, phone) in the order given. Blank lines and lines beginning with
/// `#` are skipped. Two kinds of line set the running header instead, wherever they stand:
/// `surname: van der Berg`, and `short title: The Girl Who Sailed = GIRL`, one a project. A third
/// numbers the chapters: `chapter numbers: yes` for every project, `chapter numbers: Title = no`
/// for one.
public struct AuthorDetails: Sendable, Equatable {
    public var name: String?
    public var contact: [String]
    /// The header's surname as the writer gave it, when the name's own would be wrong.
    public var givenSurname: String?
    /// The header's short titles the writer gave, by the title, in capitals as given.
    public var shortTitles: [String: String]
    /// "Chapter N" above each chapter's title: the writer's choice for every project, and the
    /// projects that differ, by their title in lower case.
    public var chapterNumbers: ChapterNumbering

    public init(
        name: String?, contact: [String], surname: String? = nil, shortTitles: [String: String] = [:],
        chapterNumbers: ChapterNumbering = ChapterNumbering()
    ) {
        self.name = name
        self.contact = contact
        self.givenSurname = surname
        self.shortTitles = shortTitles
        self.chapterNumbers = chapterNumbers
    }

    public init(settings text: String) {
        var lines: [String] = []
        var surname: String?
        var shortTitles: [String: String] = [:]
        var chapterNumbers = ChapterNumbering()
        for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) })
        where !line.isEmpty && !line.hasPrefix("#") {
            if let value = Self.value(of: "surname:", in: line) {
                surname = value
            } else if let value = Self.value(of: "short title:", in: line), let equals = value.firstIndex(of: "=") {
                let title = value[..<equals].trimmingCharacters(in: .whitespaces)
                shortTitles[title.lowercased()] = value[value.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            } else if let value = Self.value(of: "chapter numbers:", in: line) {
                chapterNumbers.set(value)
            } else {
                lines.append(line)
            }
        }
        self.init(
            name: lines.first, contact: Array(lines.dropFirst()), surname: surname, shortTitles: shortTitles, chapterNumbers: chapterNumbers)
    }

    /// What follows `key` (any letter case) at the start of `line`, trimmed; nil when it does not start with it.
    private static func value(of key: String, in line: String) -> String? {
        guard line.lowercased().hasPrefix(key) else { return nil }
        let value = line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// Words that belong to a surname when they come before its last word: "Anna van der Berg" is
    /// filed under "van der Berg", as Dutch, German, French, Spanish and Italian names are.
    private static let particles: Set<String> = [
        "van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "des", "la", "le", "ten", "ter", "zu", "dos", "das",
    ]

    /// The running header's surname: the one the file gives, else the name's last word with the
    /// particles before it (never the first name).
    public var surname: String? {
        if let givenSurname { return givenSurname }
        guard let words = name?.split(separator: " "), let last = words.last else { return nil }
        let particles = words.dropLast().dropFirst().reversed().prefix { Self.particles.contains($0.lowercased()) }
        return (particles.reversed() + [last]).joined(separator: " ")
    }

    /// The running header's short title, in capitals: the one the file gives for this title, else
    /// the title itself up to a subtitle (after `:` or a dash), four words at most.
    public func shortTitle(of title: String) -> String {
        if let given = shortTitles[title.lowercased()] { return given.uppercased() }
        let main = title.components(separatedBy: ": ").first.map { $0.components(separatedBy: " — ").first ?? $0 } ?? title
        return main.split(separator: " ").prefix(4).joined(separator: " ").uppercased()
    }
}

/// Whether chapters are numbered ("Chapter 1" above the title), from the author file's
/// `chapter numbers:` lines: `yes` or `no` alone for every project, `Title = yes` for one.
public struct ChapterNumbering: Sendable, Equatable {
    public var everywhere: Bool
    public var byTitle: [String: Bool]

    public init(everywhere: Bool = false, byTitle: [String: Bool] = [:]) {
        self.everywhere = everywhere
        self.byTitle = byTitle
    }

    /// Whether the project of this title numbers its chapters.
    public func numbers(_ title: String) -> Bool {
        byTitle[title.lowercased()] ?? everywhere
    }

    /// Takes a line's value; a word that is neither yes nor no, in any of the tool's languages, is
    /// no choice and changes nothing.
    mutating func set(_ value: String) {
        guard let equals = value.lastIndex(of: "=") else {
            if let choice = Self.choice(value) { everywhere = choice }
            return
        }
        let title = value[..<equals].trimmingCharacters(in: .whitespaces)
        if let choice = Self.choice(String(value[value.index(after: equals)...])), !title.isEmpty { byTitle[title.lowercased()] = choice }
    }

    private static func choice(_ word: String) -> Bool? {
        switch word.trimmingCharacters(in: .whitespaces).lowercased() {
        case "yes", "on", "true", "oui", "ja", "sí", "si": true
        case "no", "off", "false", "non", "nein": false
        default: nil
        }
    }
}
