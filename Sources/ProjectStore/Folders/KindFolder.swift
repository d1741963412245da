/// The folders a project of each kind starts with: the folders of the original app's phase-002 map
/// that hold the writer's own files. Its views the app fills by itself (All, Trash) have no place on
/// disk. The raw value names the folder's words in the message tables (`folder.<raw value>`).
public enum KindFolder: String, Sendable, CaseIterable {
    case chapters, acts, scenes, characters, locations
    case draft, ready, published, collections, submissions
    case research
    case setAside = "set-aside"
}

extension ProjectKind {
    /// In the order they are made and listed.
    public var folders: [KindFolder] {
        switch self {
        case .blank: []
        case .novel: [.chapters, .scenes, .characters, .locations, .research, .setAside]
        case .script: [.acts, .scenes, .characters, .locations, .research, .setAside]
        case .poetry, .shortStory: [.draft, .ready, .published, .collections, .submissions, .research, .setAside]
        }
    }
}
