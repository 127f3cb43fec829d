#include "core/git/repository.h"

#include "core/git/gitprocess_p.h"
#include "core/git/libgit2_p.h"

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

bool hasCredentialHelper(const QString &dir)
{
    GitCall call;
    call.args = {u"config"_s, u"--get-all"_s, u"credential.helper"_s};
    call.workDir = dir;
    Result<GitOutput> helpers = run(call, {});
    return helpers && helpers->ok() && !helpers->out.trimmed().isEmpty();
}

Result<void> approveCredential(const QString &dir, const QString &url)
{
    GitCall call;
    call.args = {u"credential"_s, u"approve"_s};
    call.workDir = dir;
    call.input = "url=" + url.toUtf8() + "\n\n";
    Result<GitOutput> approved = run(call, {});
    if (!approved)
        return approved.error();
    if (!approved->ok())
        return commandFailure(u"git"_s,
                              QT_TRANSLATE_NOOP("Grex", "cannot give the credential to git: %1"),
                              {}, dir, *approved);
    return {};
}

} // namespace Grex::Git
