#include "support/workspacefixture.h"

#include "core/operationcontext.h"
#include "core/verbs/add.h"
#include "core/verbs/init.h"

#include <QDir>

namespace Grex::Test {

Workspace initialisedWorkspace(const QString &dir)
{
    Workspace ws(dir);
    QDir().mkpath(ws.root());
    OperationContext ctx;
    const Result<InitReport> r = Grex::init(ws, {}, ctx);
    if (!r.ok())
        qFatal("init failed: %s", qPrintable(r.error().text()));
    return ws;
}

void addPackOrDie(Workspace &ws, const QString &url, bool install)
{
    OperationContext ctx;
    AddOptions options;
    options.url = url;
    options.noInstall = !install;
    const Result<AddReport> r = add(ws, options, ctx);
    if (!r.ok())
        qFatal("add %s failed: %s", qPrintable(url), qPrintable(r.error().text()));
}

} // namespace Grex::Test
