import Foundation

/// The disk steps of the change in progress, for its history entry. One per store; changes through
/// one store run one at a time (the storage serializes them), so one log serves them all.
final class DiskLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [DiskStep] = []

    func start() { lock.withLock { recorded = [] } }
    func append(_ step: DiskStep) { lock.withLock { recorded.append(step) } }
    var steps: [DiskStep] { lock.withLock { recorded } }
}
