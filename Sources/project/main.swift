import Foundation
import ProjectCLI

let status = ProjectTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    terminal: StandardTerminal())
exit(status)
