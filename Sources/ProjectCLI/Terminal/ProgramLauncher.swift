import Foundation

/// The seam through which `open` starts the writer's editor or shell, so tests need not.
public protocol ProgramLauncher {
    /// Runs `program` with `arguments` in `folder`, inheriting the terminal, and waits for it.
    func run(_ program: String, arguments: [String], in folder: String) -> ProgramExit
}

public enum ProgramExit: Equatable {
    case exited(Int32)
    case killed(signal: Int32)
    case couldNotStart(code: Int32)
}

/// Starts real processes.
public struct ProcessLauncher: ProgramLauncher {
    public init() {}

    public func run(_ program: String, arguments: [String], in folder: String) -> ProgramExit {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try process.run()
        } catch {
            return .couldNotStart(code: ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { Int32($0.code) } ?? ENOENT)
        }
        process.waitUntilExit()
        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .killed(signal: process.terminationStatus)
        @unknown default: return .exited(process.terminationStatus)
        }
    }
}
