// Whether a fetch would bring anything, from the remote's refs and the clone's: a sync where
// nothing moved then costs a ref read per pack instead of a git fetch (docs/design.md, "Fetching
// only what moved"). A remote on this machine is read here, in process.

#include "core/git/gitfetcher_p.h"

#include <QUrl>

#include <algorithm>
#include <cctype>

using namespace Qt::StringLiterals;

namespace Grex::GitImpl {

namespace {

using RefMap = QHash<QByteArray, QByteArray>; // ref name after the prefix -> raw oid

// The direct (not symbolic) refs of repo under prefix, by the name after it.
RefMap refsUnder(git_repository *repo, const QByteArray &prefix)
{
    RefMap refs;
    git_reference_iterator *raw = nullptr;
    const QByteArray glob = prefix + '*';
    if (git_reference_iterator_glob_new(&raw, repo, glob.constData()) != 0) {
        git_error_clear();
        return refs;
    }
    git_reference *ref = nullptr;
    while (git_reference_next(&ref, raw) == 0) {
        ReferencePtr owned(ref);
        if (git_reference_type(ref) != GIT_REFERENCE_DIRECT)
            continue;
        const QByteArray name(git_reference_name(ref));
        const git_oid *oid = git_reference_target(ref);
        refs.insert(name.mid(prefix.size()),
                    QByteArray(reinterpret_cast<const char *>(oid->id), GIT_OID_RAWSZ));
    }
    git_reference_iterator_free(raw);
    git_error_clear();
    return refs;
}

// The branch a symbolic ref names under prefix; "" when it is not symbolic or names none there.
QByteArray symbolicBranch(git_repository *repo, const char *name, const QByteArray &prefix)
{
    git_reference *raw = nullptr;
    if (git_reference_lookup(&raw, repo, name) != 0) {
        git_error_clear();
        return {};
    }
    ReferencePtr ref(raw);
    if (git_reference_type(raw) != GIT_REFERENCE_SYMBOLIC)
        return {};
    const QByteArray target(git_reference_symbolic_target(raw));
    return target.startsWith(prefix) ? target.mid(prefix.size()) : QByteArray();
}

// The folder of a remote on this machine (file:// or an absolute path); "" for any other URL.
QString localRemotePath(const QString &url)
{
    QString path;
    if (url.startsWith(u"file://"_s))
        path = QUrl(url).toLocalFile();
    else if (url.startsWith(u'/'))
        path = url;
    return path;
}

// Whether a clone (config is its config) fetches its remote as git clone set it up: the one
// default refspec, tags that point into what it fetches, not a mirror.
bool plainFetchConfig(git_config *config, const QString &remote)
{
    const QByteArray section = "remote." + remote.toUtf8();
    const QByteArray standard = "+refs/heads/*:refs/remotes/" + remote.toUtf8() + "/*";
    if (configValues(config, section + ".fetch") != QByteArrayList{standard})
        return false;
    int mirror = 0;
    const QByteArray mirrorKey = section + ".mirror";
    if (git_config_get_bool(&mirror, config, mirrorKey.constData()) == 0 && mirror)
        return false;
    git_error_clear();
    // Another upload-pack program is git's to run; --no-tags or --tags change which tags a
    // fetch brings: git decides those.
    return !configValue(config, section + ".uploadpack") &&
           !configValue(config, section + ".tagopt");
}

// A boolean fetch setting as git reads it for remote: remote.<name>.<key>, else fetch.<key>,
// else false; nullopt when one is not a boolean (git's fetch fails then).
std::optional<bool> fetchSetting(git_config *config, const QByteArray &section, const char *key)
{
    for (const QByteArray &name :
         {QByteArray(section + '.' + key), QByteArray(QByteArray("fetch.") + key)}) {
        int value = 0;
        const int failed = git_config_get_bool(&value, config, name.constData());
        git_error_clear();
        if (failed == 0)
            return value != 0;
        if (failed != GIT_ENOTFOUND)
            return std::nullopt;
    }
    return false;
}

// The URL as git names it in FETCH_HEAD: without a user or password (transport_anonymize_url
// in git's transport.c), trailing slashes and ".git".
QByteArray fetchHeadUrl(const QByteArray &url)
{
    QByteArray shown = url;
    const qsizetype at = url.indexOf('@');
    const qsizetype colon = url.indexOf(':');
    const qsizetype slash = url.indexOf('/');
    const bool local = colon < 0 || (slash >= 0 && slash < colon);
    if (!local && at >= 0) {
        const QByteArray host = url.mid(at + 1);
        const qsizetype scheme = url.indexOf("://");
        if (scheme < 0) {
            if (host.contains(':')) // user@host:path; a path with an @ in it stays as it is
                shown = host;
        } else {
            const QByteArrayView name(url.constData(), scheme);
            const bool plainScheme = std::all_of(name.begin(), name.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '.' ||
                       c == '-';
            });
            const qsizetype pathStart = url.indexOf('/', scheme + 3);
            if (plainScheme && (pathStart < 0 || pathStart > at))
                shown = url.left(scheme + 3) + host;
        }
    }
    while (shown.endsWith('/'))
        shown.chop(1);
    if (shown.size() > 5 && shown.endsWith(".git"))
        shown.chop(4);
    return shown;
}

} // namespace

QByteArray fetchHeadAfterFetch(const RemoteRefs &refs, const QString &mergeBranch,
                               const QString &url)
{
    QByteArrayList names = refs.heads.keys();
    std::sort(names.begin(), names.end());
    const QByteArray merge = mergeBranch.toUtf8();
    const QByteArray of = "' of " + fetchHeadUrl(url.toUtf8()) + '\n';
    // git writes the branch to merge first, so that FETCH_HEAD as a ref names it.
    QByteArray lines;
    if (refs.heads.contains(merge) && !merge.isEmpty())
        lines += refs.heads.value(merge).toHex() + "\t\tbranch '" + merge + of;
    for (const QByteArray &name : std::as_const(names)) {
        if (name != merge)
            lines += refs.heads.value(name).toHex() + "\tnot-for-merge\tbranch '" + name + of;
    }
    return lines;
}

std::optional<RemoteRefs> readLocalRemoteRefs(const QString &url)
{
    const QString path = localRemotePath(url);
    if (path.isEmpty())
        return std::nullopt;
    git_repository *raw = nullptr;
    if (git_repository_open_ext(&raw, QFile::encodeName(path).constData(),
                                GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    const RepositoryPtr remote = adoptRepository(raw);
    RemoteRefs refs;
    refs.heads = refsUnder(raw, "refs/heads/");
    refs.tags = refsUnder(raw, "refs/tags/");
    refs.head = QString::fromUtf8(symbolicBranch(raw, "HEAD", "refs/heads/"));
    return refs;
}

std::optional<BranchMoves>
branchesAFetchMoves(git_repository *repo, const QString &remote,
                    const std::function<std::optional<RemoteRefs>(git_config *)> &probe,
                    bool *headMoved)
{
    const ConfigPtr config = Git::snapshotOf(repo);
    if (!config || !plainFetchConfig(config.get(), remote))
        return std::nullopt;
    // Read before the remote is asked: a setting git refuses sends the pack to git unasked.
    const QByteArray section = "remote." + remote.toUtf8();
    const std::optional<bool> prune = fetchSetting(config.get(), section, "prune");
    const std::optional<bool> pruneTags = fetchSetting(config.get(), section, "pruneTags");
    if (!prune || !pruneTags)
        return std::nullopt;
    const std::optional<RemoteRefs> asked = probe(config.get());
    if (!asked)
        return std::nullopt;
    const RemoteRefs &refs = *asked;
    // A branch the remote deleted is git's to see: a fetch says which branches it saw, which
    // tells status that an upstream is gone.
    const QByteArray tracking = "refs/remotes/" + remote.toUtf8() + '/';
    const RefMap branches = refsUnder(repo, tracking);
    for (auto it = branches.cbegin(); it != branches.cend(); ++it) {
        if (!refs.heads.contains(it.key()))
            return std::nullopt;
    }
    // A tag the remote has and the clone lacks, or has elsewhere: git would bring or move it
    // when it points into the fetched history, so the probe cannot tell and fetches.
    const RefMap tags = refsUnder(repo, "refs/tags/");
    for (auto it = refs.tags.cbegin(); it != refs.tags.cend(); ++it) {
        if (tags.value(it.key()) != it.value())
            return std::nullopt;
    }
    // With prune and pruneTags, git deletes the tags the remote no longer has.
    if (*prune && *pruneTags) {
        for (auto it = tags.cbegin(); it != tags.cend(); ++it) {
            if (!refs.tags.contains(it.key()))
                return std::nullopt;
        }
    }
    BranchMoves moves;
    for (auto it = refs.heads.cbegin(); it != refs.heads.cend(); ++it) {
        if (branches.value(it.key()) != it.value())
            moves.append({it.key(), it.value().toHex()});
    }
    std::sort(moves.begin(), moves.end());
    // The remote's default branch, which a fetch does not follow alone: grex follows it after
    // one, and a clone without refs/remotes/<remote>/HEAD (git remote add made it) follows none.
    const QByteArray trackingHead = tracking + "HEAD";
    const QByteArray followed = symbolicBranch(repo, trackingHead.constData(), tracking);
    *headMoved = !followed.isEmpty() && !refs.head.isEmpty() && followed != refs.head.toUtf8();
    return moves;
}

} // namespace Grex::GitImpl
