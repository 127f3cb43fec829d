#include "support/cliharness.h"

#include "cli/application.h"
#include "cli/output.h"

#include <QTextStream>

namespace Grex::Test {

CliRun runCli(const QStringList &args, const CliHarnessOptions &options)
{
    CliRun run;
    QTextStream out(&run.out);
    QTextStream err(&run.err);
    QString input = options.input;
    QTextStream in(&input);
    Cli::Output output(out, err, options.stdoutTty, options.interactive);
    Cli::Environment env;
    env.currentDir = options.currentDir;
    env.interactive = options.interactive;
    env.input = &in;
    env.grexParallel = options.grexParallel;
    Cli::Application app(output, env);
    run.exitCode = app.run(args);
    out.flush();
    err.flush();
    return run;
}

} // namespace Grex::Test
