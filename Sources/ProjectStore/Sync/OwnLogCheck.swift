import Foundation

/// What this machine finds in its own log, compared with what its store records of writing it: the
/// log ends where its last change ends, or a crash left one change past that (written before the
/// store was), or another machine wrote to it. Only the last means two machines go by one id: a
/// home copied whole (a migration, a restored backup) carries the identity along with the store.
enum OwnLogCheck: Equatable {
    /// Every change of the log is one this store wrote.
    case own
    /// One change past the store's mark, the one a crash left between the log and the store: cut
    /// back to `end`.
    case leftover(cutTo: Int)
    /// Changes this store never wrote: another machine took this identity.
    case written(byAnother: Int)

    /// `mark`, what the store recorded of its last change in the log (`nil`: none); `unsaved`, the
    /// change the history holds past the store, if a crash left one.
    static func check(_ entries: [SharedLogEntry], mark: LogMark?, unsaved: () -> ChangeID?) -> OwnLogCheck {
        let known = mark?.end ?? 0
        // The last change the store wrote must still end where it did: lines put before it (a git
        // merge of two machines' lines) are not ours.
        if let mark, known > 0, !entries.contains(where: { $0.end == known && $0.change.change.clock == mark.clock }) {
            return .written(byAnother: max(entries.filter { $0.change.change.clock > mark.clock }.count, 1))
        }
        let past = entries.filter { $0.end > known }
        if past.isEmpty { return .own }
        if past.count == 1, past[0].change.change.id == unsaved() { return .leftover(cutTo: known) }
        return .written(byAnother: past.count)
    }
}

/// A machine that found another writing its log (`OwnLogCheck.written`), and is to take a new id:
/// what the edge that keeps the identity is given, to keep the new one and say so once.
public struct IdentityRenewal: Sendable {
    /// The identity two machines shared.
    public let previous: Machine
    /// How many changes of the log this machine never wrote.
    public let foreignChanges: Int
}
