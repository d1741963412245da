/// The writer's name and contact lines for a manuscript's first page, from the settings file the
/// writer edits once: the first line is the name as it goes on manuscripts, each line after it a
/// contact line (address, e-mail, phone) in the order given. Blank lines and lines beginning with
/// `#` are skipped.
public struct AuthorDetails: Sendable, Equatable {
    public var name: String?
    public var contact: [String]

    public init(name: String?, contact: [String]) {
        self.name = name
        self.contact = contact
    }

    public init(settings text: String) {
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        self.init(name: lines.first, contact: Array(lines.dropFirst()))
    }

    /// The running header's surname: the name's last word.
    public var surname: String? {
        name?.split(separator: " ").last.map(String.init)
    }
}
