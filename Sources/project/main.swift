import Foundation
import ProjectCLI
import _FoundationICU

// ICU takes its default locale from LC_ALL or LANG and crashes on some malformed values (a
// 12-letter language): set it before anything asks for it. The tool picks its locales itself.
var icuStatus = U_ZERO_ERROR
swift_uloc_setDefault("en_US_POSIX", &icuStatus)

// Swift repairs arguments that are not UTF-8; the raw bytes tell which ones were. (A program started
// with no arguments at all, not even its name, has none to check.)
let undecodable = (1..<max(1, Int(CommandLine.argc))).filter { index in
    CommandLine.unsafeArgv[index].map { String(validatingCString: $0) == nil } ?? false
}
let status = ProjectTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    terminal: StandardTerminal(),
    undecodableArguments: undecodable)
exit(status)
