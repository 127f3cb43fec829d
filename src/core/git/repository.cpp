#include "repository.h"

#include "git/libgit2_p.h"

using namespace Qt::StringLiterals;

namespace Grex::Git {

bool isRepository(const QString &dir)
{
    return openRepository(dir).ok();
}

Result<void> setConfigString(const QString &repoDir, const QString &key, const QString &value)
{
    Result<RepositoryPtr> repo = openRepository(repoDir);
    if (!repo)
        return repo.error();
    git_config *rawConfig = nullptr;
    int rc = git_repository_config(&rawConfig, repo->get());
    ConfigPtr config(rawConfig);
    if (rc == 0) {
        git_config *rawLocal = nullptr;
        rc = git_config_open_level(&rawLocal, config.get(), GIT_CONFIG_LEVEL_LOCAL);
        ConfigPtr local(rawLocal);
        if (rc == 0)
            rc = git_config_set_string(local.get(), key.toUtf8().constData(),
                                       value.toUtf8().constData());
    }
    if (rc != 0) {
        return Error(ErrorKind::PackOp, u"git"_s,
                     Message(QT_TRANSLATE_NOOP("Grex", "cannot set %1 in %2: %3"),
                             {key, repoDir, lastErrorText(rc)}))
            .withDetail(u"path"_s, repoDir);
    }
    return {};
}

} // namespace Grex::Git
