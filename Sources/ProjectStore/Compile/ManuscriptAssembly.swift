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
        return Manuscript(
            kind: kind, parts: manuscript.parts, words: manuscript.words, wordsByFile: manuscript.wordsByFile, notes: manuscript.notes,
            folderName: try manuscriptFolderName(reader), isWhole: from.isEmpty)
    }

    /// The kind's folder for its manuscript as named on disk, whatever `--from` chose.
    private func manuscriptFolderName(_ reader: Reader<some ManuscriptSource>) throws(ManuscriptError) -> String? {
        let kindFolder: KindFolder? = switch kind {
        case .novel: .chapters
        case .script: .acts
        case .poetry, .shortStory: .draft
        case .blank: nil
        }
        guard let kindFolder else { return nil }
        let path = try self.kindFolder(kindFolder, reader)
        return reader.source.entry(at: path) == .folder ? FolderPath.lastComponent(of: path) : nil
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
    var wordsByFile: [String: Int] = [:]
    var notes = ManuscriptNotes()

    init(kind: ProjectKind, folder: String, source: Source, collator: NameCollator, output: String?) {
        self.kind = kind
        self.folder = folder
        self.source = source
        self.collator = collator
        self.output = output
    }

    var manuscript: Manuscript {
        let story = storyScenes.isEmpty ? [] : [ManuscriptPart(title: .none, scenes: storyScenes.map(\.text), files: storyScenes.map(\.file))]
        return Manuscript(kind: kind, parts: parts + story, words: words, wordsByFile: wordsByFile, notes: notes)
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
                var scenes: [String] = []
                var files: [String] = []
                for file in try textFiles(in: entryPath) {
                    guard let text = try read(file) else { continue }
                    scenes += text.scenes(.kept)
                    files.append(relative(file))
                }
                guard !files.isEmpty else { continue }
                parts.append(ManuscriptPart(title: chapterTitle(name: entry.name, isFile: false), scenes: scenes, files: files))
            } else if isText(entry, at: entryPath) {
                try addFile(entryPath)
            }
        }
    }

    mutating func addFile(_ path: String) throws(ManuscriptError) {
        guard let text = try read(path) else { return }
        let file = relative(path)
        let name = FolderPath.lastComponent(of: path)
        switch kind {
        case .shortStory:
            // The story's title opens its first file as `# Title`: the first page gives it already.
            for scene in text.scenes(storyScenes.isEmpty ? .storyTitle : .kept) { storyScenes.append((scene, file)) }
        case .script:
            parts.append(ManuscriptPart(title: .none, scenes: [text.raw], files: [file]))
        case .poetry:
            let title = text.title.map(ManuscriptPart.Title.heading) ?? .name(ManuscriptText.title(fromName: name, isFile: true) ?? name)
            let poem = text.poem
            parts.append(ManuscriptPart(title: title, scenes: poem.texts, files: [file], breakMark: poem.mark ?? "*"))
        case .novel, .blank:
            let title = text.title.map(ManuscriptPart.Title.heading) ?? chapterTitle(name: name, isFile: true)
            parts.append(ManuscriptPart(title: title, scenes: text.scenes(.chapterTitle), files: [file]))
        }
    }

    /// A chapter without a heading is titled by its name, else numbered by its place.
    private func chapterTitle(name: String, isFile: Bool) -> ManuscriptPart.Title {
        ManuscriptText.title(fromName: name, isFile: isFile).map { .name($0) } ?? .numbered(parts.count + 1)
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

    /// A text file, other than the one being written; in a script, a Fountain file only, which
    /// `.txt` may be too: Fountain is plain text, and many writers save it so.
    private func isText(_ entry: SourceEntry, at path: String) -> Bool {
        guard entry.kind == .file, path != output, TextFileKind.syntax(forFileName: entry.name) != nil else { return false }
        let name = entry.name.lowercased()
        return kind != .script || name.hasSuffix(".fountain") || name.hasSuffix(".txt")
    }

    private func relative(_ path: String) -> String {
        FolderPath.relative(path, to: folder) ?? FolderPath.lastComponent(of: path)
    }

    /// The file's text, counted; `nil` for Markdown an earlier compile wrote, which is noted instead.
    private mutating func read(_ path: String) throws(ManuscriptError) -> FileText? {
        let bytes = try source.contents(of: path)
        guard let (decoded, encoding) = TextEncoding.decode(bytes) else { throw .unknownEncoding(path: path) }
        let syntax = TextFileKind.syntax(forFileName: path) ?? .plainText
        let text = decoded.replacingCRLF
        if syntax == .markdown, ManuscriptMarkdown.isCompiled(text) {
            notes.earlierCompiles.append(relative(path))
            return nil
        }
        if encoding == .windows1252 { notes.windows1252.append(relative(path)) }
        let fileWords = WordCounter.count(text, syntax: syntax)
        words += fileWords
        wordsByFile[relative(path)] = fileWords
        return FileText(raw: text, syntax: syntax)
    }
}

/// One file's text, read each way a part may want it.
private struct FileText {
    let raw: String
    let syntax: TextSyntax

    var title: String? { syntax == .markdown ? ManuscriptText.markdown(raw).title : nil }

    /// What becomes of the heading that opens a Markdown file.
    enum OpeningHeading {
        /// A scene's: the writer's, it stays.
        case kept
        /// Any level: it became the chapter's title.
        case chapterTitle
        /// A story's `# Title`: the first page gives it already. A `## Part One` stays.
        case storyTitle
    }

    /// Its scenes, cut at the breaks typed in it.
    func scenes(_ heading: OpeningHeading) -> [String] {
        guard syntax == .markdown else { return ManuscriptText.sections(raw, markdown: false).texts.map { ManuscriptText.plain($0) } }
        let body = switch heading {
        case .kept: ManuscriptText.cleaned(raw)
        case .chapterTitle: ManuscriptText.markdown(raw).body
        case .storyTitle: ManuscriptText.markdown(raw, titleLevels: 1...1).body
        }
        return ManuscriptText.sections(body, markdown: true).texts.map(ManuscriptText.demotingFirstLevelHeadings)
    }

    var poem: ManuscriptText.Sections {
        let isMarkdown = syntax == .markdown
        let sections = ManuscriptText.sections(isMarkdown ? ManuscriptText.markdown(raw).body : raw, markdown: isMarkdown)
        let texts = sections.texts.map { ManuscriptText.poem(isMarkdown ? $0 : ManuscriptText.plain($0, keepingIndent: true)) }
        return ManuscriptText.Sections(texts: texts, mark: sections.mark)
    }
}

extension String {
    fileprivate var replacingCRLF: String {
        // `\r\n` is one Character: only bytes find it cheaply.
        guard utf8.contains(UInt8(ascii: "\r")) else { return self }
        return split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
    }
}
