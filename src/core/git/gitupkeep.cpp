// A clone's upkeep: grex's git commands run with git's automatic maintenance off
// (maintenance.auto, gitprocess.cpp), so sync repacks the few clones past git's limits itself,
// and doctor reports and repacks the rest.

#include "core/git/gitfetcher_p.h"

using namespace Qt::StringLiterals;

namespace Grex {

Result<CloneUpkeep> Fetcher::upkeep(const QString &)
{
    return CloneUpkeep{};
}

Result<void> Fetcher::maintain(const QString &, std::stop_token)
{
    return {};
}

using namespace GitImpl;

namespace {

int configInt(git_config *config, const QByteArray &key, int fallback)
{
    const std::optional<QByteArray> value = configValue(config, key);
    if (!value)
        return fallback;
    // git's integers may carry a k, m or g suffix.
    QByteArray digits = value->trimmed().toLower();
    qint64 scale = 1;
    if (digits.endsWith('k') || digits.endsWith('m') || digits.endsWith('g')) {
        scale = digits.endsWith('k') ? 1024 : digits.endsWith('m') ? 1024 * 1024 : 1024 * 1024 * 1024;
        digits.chop(1);
    }
    bool ok = false;
    const qint64 number = digits.toLongLong(&ok) * scale;
    return ok ? int(std::clamp<qint64>(number, 0, std::numeric_limits<int>::max())) : fallback;
}

bool isHex(QStringView name)
{
    for (QChar c : name) {
        if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f')))
            return false;
    }
    return true;
}

} // namespace

Result<CloneUpkeep> GitFetcher::upkeep(const QString &dest)
{
    CloneUpkeep upkeep;
    QString objects;
    {
        Result<RepositoryPtr> repo = openRepository(dest);
        if (!repo)
            return repo.error();
        git_config *raw = nullptr;
        if (git_repository_config_snapshot(&raw, repo->get()) != 0) {
            git_error_clear();
            return upkeep;
        }
        ConfigPtr config(raw);
        // git's own defaults (git help gc).
        upkeep.looseLimit = configInt(config.get(), "gc.auto", 6700);
        upkeep.packLimit = configInt(config.get(), "gc.autopacklimit", 50);
        objects = gitDirOf(repo->get()) + u"objects/"_s;
    }
    // As git estimates it: the loose objects in objects/17, times 256.
    int inSample = 0;
    for (const QString &name : QDir(objects + u"17"_s).entryList(QDir::Files)) {
        if (name.size() == 38 && isHex(name))
            ++inSample;
    }
    upkeep.looseObjects = inSample * 256;
    const QDir packs(objects + u"pack"_s);
    for (const QString &name : packs.entryList({u"*.pack"_s}, QDir::Files)) {
        if (!packs.exists(name.chopped(5) + u".keep"_s))
            ++upkeep.packs;
    }
    return upkeep;
}

Result<void> GitFetcher::maintain(const QString &dest, std::stop_token stop)
{
    return withLockedClone(dest, stop, [&]() -> Result<void> {
        const QStringList args{u"-c"_s, u"gc.autoDetach=false"_s, u"gc"_s, u"--auto"_s,
                               u"--quiet"_s};
        Result<GitOutput> gc = runGit(dest, args, stop);
        if (!gc)
            return gc.error();
        if (!gc->ok())
            return commandFailure(u"git"_s, QT_TRANSLATE_NOOP("Grex", "cannot repack %1: %2"),
                                  {dest}, dest, *gc);
        return {};
    });
}

} // namespace Grex
