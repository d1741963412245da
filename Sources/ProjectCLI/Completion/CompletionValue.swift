import ProjectStore

/// What a value or an argument completes to, decided by its placeholder's message id: the one place
/// that says so. An argument or option added to a spec with one of these placeholders completes with
/// no other change; any other placeholder (a name to invent, a number, free text) completes to nothing.
enum CompletionValue: Equatable {
    case projects
    /// The markets in the store (`submit --to`, `market show`).
    case markets
    case kinds
    case orders
    case files
    /// A text file of a project, as `files` names it: one `snapshot` may keep.
    case textFiles
    /// A file versions are asked of: a text file of the project, or one gone that has versions.
    case keptFiles
    /// One of a file's versions, by number.
    case versions
    case folders
    case commands
    case shells
    case formats
    case papers
    /// A fixed set of words, the same in every language (a market's action or kind, a response).
    case words([String])
    /// A submission, by number, id or market: nothing is offered for it, but the pieces of
    /// `response --piece` are the ones of the submission named.
    case submissions
    case nothing

    init(placeholder: String) {
        self = switch placeholder {
        case "placeholder.project": .projects
        case "placeholder.market": .markets
        case "placeholder.kind": .kinds
        case "placeholder.order": .orders
        case "placeholder.file", "placeholder.path": .files
        case "placeholder.text-file": .textFiles
        case "placeholder.kept-file": .keptFiles
        case "placeholder.version": .versions
        case "placeholder.submission": .submissions
        case "placeholder.folder": .folders
        case "placeholder.command": .commands
        case "placeholder.shell": .shells
        case "placeholder.format": .formats
        case "placeholder.paper": .papers
        case "placeholder.market-action": .words(MarketAction.allCases.map(\.rawValue))
        case "placeholder.market-kind": .words(MarketKind.allCases.map(\.rawValue))
        case "placeholder.response": .words(ResponseCommand.statuses.map(\.rawValue))
        case "placeholder.yes-no": .words(MarketField.yesNoWords)
        default: .nothing
        }
    }
}

/// A shell the tool writes a completion script for.
enum Shell: String, CaseIterable {
    case bash
    case zsh
    case fish
}
