/// A project's files assembled, in order: what `project compile` turns into each format.
public struct Manuscript: Sendable, Equatable {
    public let kind: ProjectKind
    public let parts: [ManuscriptPart]
    /// Counted by the project's own rules on exactly the files compiled.
    public let words: Int

    public init(kind: ProjectKind, parts: [ManuscriptPart], words: Int) {
        self.kind = kind
        self.parts = parts
        self.words = words
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

    /// A short story ends with `END`, as standard manuscript format has it.
    public var endsWithEnd: Bool { kind == .shortStory }

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
        /// A folder's or a file's name, as written on disk.
        case name(String)
        /// "Chapter N", in the writer's language.
        case numbered(Int)
        /// A short story's text, and a script's acts, under the project's title alone.
        case none
    }

    public let title: Title
    public let scenes: [String]
    /// The files it was made from, relative to the project's folder.
    public let files: [String]

    public init(title: Title, scenes: [String], files: [String]) {
        self.title = title
        self.scenes = scenes
        self.files = files
    }
}
