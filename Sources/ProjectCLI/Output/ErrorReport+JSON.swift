import Foundation
import ProjectStore

/// An error as `--json` gives it to a script: the names of its fields and of its kinds are for
/// programs, its message is the writer's words.
extension ErrorReport {
    /// The error as `--json` prints it on standard output:
    /// `{"error": {"code": "sync.unreachable", "message": "…", "status": 3}}`, the message in the
    /// writer's language, without "Error:".
    var json: String {
        let object: [String: Any] = ["error": ["code": code, "message": message, "status": Int(status.rawValue)]]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `code`: the part that found the error, then its case.
    static func code(of error: any Error) -> String {
        let part = switch error {
        case is ProjectStoreError: "store"
        case is UsageError: "usage"
        case is CommandError: "command"
        case is SyncError: "sync"
        default: "unexpected"
        }
        guard part != "unexpected" else { return part }
        // The case's name: a case with values is the label of its one child; one without, itself.
        let kind = Mirror(reflecting: error).children.first?.label ?? String(describing: error)
        return part + "." + kind
    }
}
