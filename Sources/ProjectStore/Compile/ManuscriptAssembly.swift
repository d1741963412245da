/// Which of a project's files make its manuscript, in which order, and how each is read: the
/// tool's own work in `project compile`, before any converter.
///
/// By type: a novel's `Chapters` (each text file directly in it a chapter, each folder a chapter
/// of scenes titled by the folder's name); a short story's or a poetry collection's `Ready` when it
/// holds text files, else `Draft` (the story's files are its scenes; each poem a part of its own);
/// a script's Fountain files in `Acts`; for a blank project every text file of its folder. `from`
/// replaces those places with folders or files of the writer's choice, read by the same rules.
/// Everything is taken in `project files` order (`ManuscriptOrder`), where a novel's chapter files
/// and chapter folders go together by name; names beginning with `.` and files that are not text
/// are left out.
public struct ManuscriptAssembly: Sendable {
    public let kind: ProjectKind
    /// The project's folder: absolute, normalized.
    public let folder: String
    /// The `--from` paths as typed, relative to the folder (or absolute inside it).
    public let from: [String]
    /// The names a kind's folder may have on disk, in any language: a project made in French has
    /// `Chapitres`. Matched ignoring letter case.
    public let folderNames: @Sendable (KindFolder) -> [String]
    /// The file being written, absolute: when it lies among the manuscript's files (a blank
    /// project compiled in its own folder), the last compile is not put into the next.
    public let output: String?

    public init(
        kind: ProjectKind, folder: String, from: [String] = [], output: String? = nil,
        folderNames: @escaping @Sendable (KindFolder) -> [String]
    ) {
        self.kind = kind
        self.folder = folder
        self.from = from
        self.output = output
        self.folderNames = folderNames
    }

    public func manuscript(from source: some ManuscriptSource, collator: NameCollator) throws(ManuscriptError) -> Manuscript {
        var reader = Reader(kind: kind, folder: folder, source: source, collator: collator, output: output)
        let places = try from.isEmpty ? [try defaultPlace(reader)] : from.map { typed throws(ManuscriptError) in
            try place(typed, source: source)
        }
        for place in places {
            if place.isFile { try reader.addFile(place.path) } else { try reader.addFolder(place.path) }
        }
        let manuscript = reader.manuscript
        guard manuscript.unitCount > 0 else { throw .empty(lookedIn: places.map(\.path)) }
        return manuscript
    }

    private struct Place {
        let path: String
        let isFile: Bool
    }

    private func defaultPlace(_ reader: Reader<some ManuscriptSource>) throws(ManuscriptError) -> Place {
        switch kind {
        case .blank: return Place(path: folder, isFile: false)
        case .novel: return Place(path: try kindFolder(.chapters, reader), isFile: false)
        case .script: return Place(path: try kindFolder(.acts, reader), isFile: false)
        case .poetry, .shortStory:
            let ready = try kindFolder(.ready, reader)
            return Place(path: try reader.holdsText(ready) ? ready : try kindFolder(.draft, reader), isFile: false)
        }
    }

    /// The kind's folder as it is on disk, or where it would be when it is missing.
    private func kindFolder(_ kindFolder: KindFolder, _ reader: Reader<some ManuscriptSource>) throws(ManuscriptError) -> String {
        let names = folderNames(kindFolder)
        let wanted = Set(names.map { $0.lowercased() })
        let found = try reader.source.entries(in: folder).first { $0.kind == .folder && wanted.contains($0.name.lowercased()) }
        return FolderPath.join(folder, found?.name ?? names.first ?? kindFolder.rawValue)
    }

    private func place(_ typed: String, source: some ManuscriptSource) throws(ManuscriptError) -> Place {
        let path = FolderPath.normalized(typed, against: folder)
        guard FolderPath.isSameOrInside(path, folder) else { throw .outsideFolder(typed) }
        switch source.entry(at: path) {
        case .folder: return Place(path: path, isFile: false)
        case .file: return Place(path: path, isFile: true)
        case .other, nil: throw .notFound(typed)
        }
    }
}

/// Reads the places in turn, adding their parts.
private struct Reader<Source: ManuscriptSource> {
    let kind: ProjectKind
    let folder: String
    let source: Source
    let collator: NameCollator
    let output: String?
    var parts: [ManuscriptPart] = []
    /// A short story is one part: its scenes from every place, in order.
    var storyScenes: [(text: String, file: String)] = []
    var words = 0

    init(kind: ProjectKind, folder: String, source: Source, collator: NameCollator, output: String?) {
        self.kind = kind
        self.folder = folder
        self.source = source
        self.collator = collator
        self.output = output
    }

    var manuscript: Manuscript {
        let story = storyScenes.isEmpty ? [] : [ManuscriptPart(title: .none, scenes: storyScenes.map(\.text), files: storyScenes.map(\.file))]
        return Manuscript(kind: kind, parts: parts + story, words: words)
    }

    mutating func addFolder(_ path: String) throws(ManuscriptError) {
        // A kind's folder the writer removed holds nothing: the manuscript is empty, not unreadable.
        guard source.entry(at: path) == .folder else { return }
        guard ManuscriptOrder.chaptersFolder(of: kind) != nil else {
            for file in try textFiles(in: path) { try addFile(file) }
            return
        }
        // A novel's chapters: its files, and its folders of scenes, together in the order of their
        // names, as the writer numbered them ("Chapter 3/" between "Chapter 2.md" and "Chapter 4.md").
        for entry in try sortedEntries(in: path, foldersFirst: false) {
            let entryPath = FolderPath.join(path, entry.name)
            if entry.kind == .folder {
                let files = try textFiles(in: entryPath)
                guard !files.isEmpty else { continue }
                var scenes: [String] = []
                for file in files { scenes.append(try read(file).scene) }
                parts.append(ManuscriptPart(title: .name(entry.name), scenes: scenes, files: files.map(relative)))
            } else if isText(entry, at: entryPath) {
                try addFile(entryPath)
            }
        }
    }

    mutating func addFile(_ path: String) throws(ManuscriptError) {
        let text = try read(path)
        let file = relative(path)
        switch kind {
        case .shortStory:
            storyScenes.append((text.scene, file))
        case .script:
            parts.append(ManuscriptPart(title: .none, scenes: [text.raw], files: [file]))
        case .poetry:
            let name = FolderPath.lastComponent(of: path)
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            parts.append(ManuscriptPart(title: text.title.map { .heading($0) } ?? .name(stem), scenes: [text.poem], files: [file]))
        case .novel, .blank:
            let title = text.title.map { .heading($0) } ?? ManuscriptPart.Title.numbered(parts.count + 1)
            parts.append(ManuscriptPart(title: title, scenes: [text.chapter], files: [file]))
        }
    }

    /// Whether any text file is in `path`, at any depth.
    func holdsText(_ path: String) throws(ManuscriptError) -> Bool {
        guard source.entry(at: path) == .folder else { return false }
        return try !textFiles(in: path).isEmpty
    }

    /// The text files in `path` at any depth, in `project files` order (folders first).
    func textFiles(in path: String) throws(ManuscriptError) -> [String] {
        var files: [String] = []
        for entry in try sortedEntries(in: path) {
            let entryPath = FolderPath.join(path, entry.name)
            if entry.kind == .folder {
                files += try textFiles(in: entryPath)
            } else if isText(entry, at: entryPath) {
                files.append(entryPath)
            }
        }
        return files
    }

    private func sortedEntries(in path: String, foldersFirst: Bool = true) throws(ManuscriptError) -> [SourceEntry] {
        let visible = try source.entries(in: path).filter { !$0.name.hasPrefix(".") }
        return ManuscriptOrder.sorted(
            visible, name: \.name, isFolder: { foldersFirst && $0.kind == .folder }, preferredFolders: [], collator: collator)
    }

    /// A text file, other than the one being written; in a script, a Fountain file only.
    private func isText(_ entry: SourceEntry, at path: String) -> Bool {
        guard entry.kind == .file, path != output, TextFileKind.syntax(forFileName: entry.name) != nil else { return false }
        return kind != .script || entry.name.lowercased().hasSuffix(".fountain")
    }

    private func relative(_ path: String) -> String {
        FolderPath.relative(path, to: folder) ?? FolderPath.lastComponent(of: path)
    }

    private mutating func read(_ path: String) throws(ManuscriptError) -> FileText {
        let bytes = try source.contents(of: path)
        let syntax = TextFileKind.syntax(forFileName: path) ?? .plainText
        words += WordCounter.count(bytes, syntax: syntax)
        let text = String(decoding: bytes, as: UTF8.self).replacingCRLF
        return FileText(raw: text, syntax: syntax)
    }
}

/// One file's text, read each way a part may want it.
private struct FileText {
    let raw: String
    let syntax: TextSyntax
    /// A Markdown file's title and the rest, worked out once.
    private let titled: (title: String?, body: String)?

    init(raw: String, syntax: TextSyntax) {
        self.raw = raw
        self.syntax = syntax
        titled = syntax == .markdown ? ManuscriptText.markdown(raw) : nil
    }

    var title: String? { titled?.title }

    /// Without the heading that became the title.
    var chapter: String {
        titled.map { ManuscriptText.demotingFirstLevelHeadings($0.body) } ?? ManuscriptText.plain(raw)
    }

    var scene: String {
        syntax == .markdown
            ? ManuscriptText.demotingFirstLevelHeadings(ManuscriptText.cleaned(raw)) : ManuscriptText.plain(raw)
    }

    var poem: String {
        ManuscriptText.poem(titled?.body ?? ManuscriptText.plain(raw, keepingIndent: true))
    }
}

extension String {
    fileprivate var replacingCRLF: String {
        // `\r\n` is one Character: only bytes find it cheaply.
        guard utf8.contains(UInt8(ascii: "\r")) else { return self }
        return split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
    }
}
