/// Which pieces a read of the store keeps in each submission. Listing what is still out
/// (`submissions --pending`) needs no piece already answered: of 10,000 submissions most are, and
/// leaving them out spares making, keeping and freeing them (440 of 2,370 page faults, 5 % of the
/// instructions, measured on the benchmark's store).
///
/// A submission keeps its place either way, so that numbers hold; a catalog read with `.stillOut` is
/// for reading only and is never written (`StoreDocument.encode` refuses it).
public enum SubmissionPieces: Sendable, Equatable {
    case all
    /// Only those still waiting for an answer: pending or shortlisted.
    case stillOut

    /// Whether a piece whose answer stands at `status` is kept.
    public func keeps(_ status: PieceStatus) -> Bool {
        self == .all || status.isOpen
    }
}
