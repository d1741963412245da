/// A project's files assembled, in order: what `project compile` turns into each format.
public struct Manuscript: Sendable, Equatable {
    public let kind: ProjectKind
    public let parts: [ManuscriptPart]
    /// Counted by the project's own rules on exactly the files compiled.
    public let words: Int
    /// The words of each file read, by its path from the project's folder: the project's count
    /// (`project files`) takes them rather than reading these files again.
    public let wordsByFile: [String: Int]
    /// What the writer needs told: files read as Windows-1252, files compile itself made and left
    /// out; each relative to the project's folder.
    public let notes: ManuscriptNotes
    /// The name on disk of the kind's folder for its manuscript (`Chapitres`, `Borradores`), named
    /// in the language the project was made in: the language its manuscript is written in.
    public let folderName: String?
    /// Made from the whole manuscript, not from the parts `--from` chose (a sample of chapters).
    public let isWhole: Bool

    public init(
        kind: ProjectKind, parts: [ManuscriptPart], words: Int, wordsByFile: [String: Int] = [:], notes: ManuscriptNotes = ManuscriptNotes(),
        folderName: String? = nil, isWhole: Bool = true
    ) {
        self.isWhole = isWhole
        self.kind = kind
        self.parts = parts
        self.words = words
        self.wordsByFile = wordsByFile
        self.notes = notes
        self.folderName = folderName
    }

    /// What the result line counts: a novel's chapters, a collection's poems, a story's scenes.
    public var unit: ManuscriptUnit {
        switch kind {
        case .poetry: .poems
        case .shortStory: .scenes
        case .script: .acts
        case .novel, .blank: .chapters
        }
    }

    public var unitCount: Int {
        kind == .shortStory ? parts.reduce(0) { $0 + $1.scenes.count } : parts.count
    }

    /// Fiction ends with `END`, as standard manuscript format has it: a novel's last page says the
    /// manuscript is whole as a short story's does. A sample (`--from`) is not whole, and has none.
    public var endsWithEnd: Bool { isWhole && (kind == .shortStory || kind == .novel) }

    /// The word count the first page gives: a novel's to the nearest 1,000, short fiction's to the
    /// nearest 100, as standard manuscript format rounds. A text too short to round to anything
    /// gives the nearest 100, then the exact count: a first page never says "about 0 words".
    public var roundedWords: Int {
        for unit in kind == .novel ? [1_000, 100] : [100] {
            let rounded = (words + unit / 2) / unit * unit
            if rounded > 0 { return rounded }
        }
        return words
    }
}

public enum ManuscriptUnit: String, Sendable {
    case chapters, poems, scenes, acts
}

/// A chapter, a poem, or a short story's whole text: its title and its scenes, each Markdown,
/// separated by scene breaks.
public struct ManuscriptPart: Sendable, Equatable {
    public enum Title: Sendable, Equatable {
        /// The heading that opened its file, as Markdown.
        case heading(String)
        /// A folder's or a file's name, without its sort number and extension ("04 Storm
        /// Season.md" is "Storm Season").
        case name(String)
        /// "Chapter N", in the writer's language: a chapter whose name is only a number.
        case numbered(Int)
        /// A short story's text, and a script's acts, under the project's title alone.
        case none
    }

    public let title: Title
    public let scenes: [String]
    /// The files it was made from, relative to the project's folder.
    public let files: [String]
    /// What marks the breaks between its scenes: `#` in prose, as standard manuscript format has
    /// it; in a poem, the mark its poet typed between sections (`*`).
    public let breakMark: String

    public init(title: Title, scenes: [String], files: [String], breakMark: String = "#") {
        self.title = title
        self.scenes = scenes
        self.files = files
        self.breakMark = breakMark
    }
}

/// What compile tells the writer about the files it read, beside the manuscript.
public struct ManuscriptNotes: Sendable, Equatable {
    /// Not UTF-8, read as Windows-1252 (Latin-1): the writer may want to save them as UTF-8.
    public var windows1252: [String] = []
    /// Markdown an earlier compile wrote, in the place the manuscript is read from: never its own part.
    public var earlierCompiles: [String] = []

    public init(windows1252: [String] = [], earlierCompiles: [String] = []) {
        self.windows1252 = windows1252
        self.earlierCompiles = earlierCompiles
    }
}
