import Foundation
import ProjectCLI
import _FoundationICU

// ICU takes its default locale from LC_ALL or LANG and crashes on some malformed values (a
// 12-letter language): set it before anything asks for it. The tool picks its locales itself.
var icuStatus = U_ZERO_ERROR
swift_uloc_setDefault("en_US_POSIX", &icuStatus)

let status = ProjectTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    terminal: StandardTerminal())
exit(status)
