import Foundation

/// Where each project's folder was in the root at any moment: its folder now, and before that what
/// the store's history says it was (a rename of a project renames its folder; `edit --folder` and
/// `move` set one). What lets a backfill from git follow a folder the writer renamed. As far back
/// as the history goes: before its first change, a folder is taken to be what it was then, and
/// before a project had a folder in the root, the first it was given (a writer adopting a folder
/// kept in git for a year keeps its year).
public struct FolderTimeline: Sendable {
    /// A folder inside the root (relative to it), or none, from a moment on.
    private struct Span: Sendable {
        /// Seconds since 1970; `nil` for as far back as is known.
        let since: Int?
        let path: String?
    }

    /// Each project's spans, newest first.
    private let spans: [UUID: [Span]]

    /// `now`: each project's folder today; `changes`: the store's history, in any order.
    public init(now projects: [Project], changes: [Change]) {
        var current: [UUID: String?] = Dictionary(projects.map { ($0.id, Self.inRoot($0.folder)) }, uniquingKeysWith: { a, _ in a })
        var spans: [UUID: [Span]] = [:]
        // Walked back from the newest change, each one undone in thought.
        for change in changes.sorted(by: { $0.time > $1.time }) {
            let time = Int(change.time.timeIntervalSince1970.rounded(.down))
            for operation in change.operations.reversed() {
                switch operation {
                // A folder given to a project that had none in the root (`add`, `add --folder`,
                // `edit --folder`) held the writer's text before too, as far as git knows.
                case .set(let id, .folder(let from, _)):
                    guard let earlier = Self.inRoot(from) else { break }
                    spans[id, default: []].append(Span(since: time, path: current[id, default: nil]))
                    current.updateValue(earlier, forKey: id)
                case .remove(let project):
                    current.updateValue(Self.inRoot(project.folder), forKey: project.id)
                default:
                    break
                }
            }
        }
        for (id, path) in current { spans[id, default: []].append(Span(since: nil, path: path)) }
        self.spans = spans
    }

    /// The folder of each project at `time` that had one in the root then.
    public func folders(at time: Int) -> [(id: UUID, path: String)] {
        spans.compactMap { id, spans in
            let span = spans.first { ($0.since ?? .min) <= time }
            return span?.path.map { (id, $0) }
        }.sorted { $0.path < $1.path }
    }

    /// A folder recorded relative to the root; one outside it (an absolute path) is not in git's tree.
    private static func inRoot(_ folder: ProjectFolder?) -> String? {
        guard let recorded = folder?.recorded, !recorded.hasPrefix("/") else { return nil }
        return recorded
    }
}
