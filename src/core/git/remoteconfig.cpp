#include "core/git/remoteconfig_p.h"

#include <QString>

namespace Grex::Git {

namespace {

using ConfigIteratorPtr =
    std::unique_ptr<git_config_iterator, Deleter<git_config_iterator, git_config_iterator_free>>;
using RefspecPtr = std::unique_ptr<git_refspec, Deleter<git_refspec, git_refspec_free>>;

// The repository's own config object, loaded once per open: no copy of every entry, which a
// snapshot makes. Enough for reads by exact key.
ConfigPtr liveConfigOf(git_repository *repo)
{
    git_config *raw = nullptr;
    if (git_repository_config(&raw, repo) != 0)
        return nullptr;
    return ConfigPtr(raw);
}

// What git fetches for the remote: only its configured refspecs. A remote without any fetches
// HEAD into FETCH_HEAD and updates no remote-tracking branch, as in git.
QList<QByteArray> fetchRefspecs(git_config *config, const QByteArray &remote)
{
    return configValues(config, "remote." + remote + ".fetch");
}

} // namespace

ConfigPtr snapshotOf(git_repository *repo)
{
    git_config *raw = nullptr;
    if (git_repository_config_snapshot(&raw, repo) != 0) {
        git_error_clear();
        return nullptr;
    }
    return ConfigPtr(raw);
}

std::optional<QByteArray> configValue(git_config *config, const QByteArray &key)
{
    git_config_entry *entry = nullptr;
    if (!config || git_config_get_entry(&entry, config, key.constData()) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    QByteArray value(entry->value ? entry->value : "");
    git_config_entry_free(entry);
    return value;
}

QList<QByteArray> configValues(git_config *config, const QByteArray &key)
{
    QList<QByteArray> values;
    git_config_iterator *raw = nullptr;
    // A null regexp: every value of the key, no pattern matching.
    if (!config || git_config_multivar_iterator_new(&raw, config, key.constData(), nullptr) != 0) {
        git_error_clear();
        return values;
    }
    ConfigIteratorPtr iterator(raw);
    git_config_entry *entry = nullptr;
    while (git_config_next(&entry, iterator.get()) == 0)
        values.append(QByteArray(entry->value ? entry->value : ""));
    git_error_clear();
    return values;
}

QByteArray applyInsteadOf(git_config *config, const QByteArray &url)
{
    if (!config)
        return url;
    git_config_iterator *raw = nullptr;
    if (git_config_iterator_new(&raw, config) != 0) {
        git_error_clear();
        return url;
    }
    ConfigIteratorPtr iterator(raw);
    // Section and key names come lower-cased; the subsection (the base URL) keeps its case.
    static constexpr QByteArrayView prefix("url.");
    static constexpr QByteArrayView suffix(".insteadof");
    QByteArray bestBase;
    qsizetype bestLength = -1;
    git_config_entry *entry = nullptr;
    while (git_config_next(&entry, iterator.get()) == 0) {
        const QByteArrayView name(entry->name);
        // "url.insteadof" (no base URL) is no rule at all, for git as for libgit2.
        if (name.size() <= prefix.size() + suffix.size() || !name.startsWith(prefix) ||
            !name.endsWith(suffix) || !entry->value)
            continue;
        const QByteArrayView insteadOf(entry->value);
        if (insteadOf.length() > bestLength && url.startsWith(insteadOf)) {
            bestLength = insteadOf.length();
            bestBase = name.sliced(prefix.size(), name.size() - prefix.size() - suffix.size())
                           .toByteArray();
        }
    }
    git_error_clear();
    return bestLength < 0 ? url : bestBase + url.mid(bestLength);
}

std::optional<QByteArray> remoteUrl(git_repository *repo, const QByteArray &name)
{
    ConfigPtr config = snapshotOf(repo);
    const std::optional<QByteArray> url = configValue(config.get(), "remote." + name + ".url");
    if (!url)
        return std::nullopt;
    return applyInsteadOf(config.get(), *url);
}

QByteArray primaryRemote(git_repository *repo)
{
    ConfigPtr config = snapshotOf(repo);
    if (!config)
        return {};
    git_reference *rawHead = nullptr;
    if (git_reference_lookup(&rawHead, repo, "HEAD") == 0) {
        ReferencePtr head(rawHead);
        if (git_reference_type(head.get()) == GIT_REFERENCE_SYMBOLIC) {
            QByteArray branch(git_reference_symbolic_target(head.get()));
            if (branch.startsWith("refs/heads/")) {
                branch = branch.mid(11);
                const std::optional<QByteArray> remote =
                    configValue(config.get(), "branch." + branch + ".remote");
                if (remote && !remote->isEmpty() && *remote != "." &&
                    configValue(config.get(), "remote." + *remote + ".url"))
                    return *remote;
            }
        }
    }
    git_error_clear();
    if (configValue(config.get(), "remote.origin.url"))
        return "origin";
    // Every entry once, by exact text: a glob or regex lookup would leak (see the header).
    QList<QByteArray> remotes;
    git_config_iterator *raw = nullptr;
    if (git_config_iterator_new(&raw, config.get()) == 0) {
        ConfigIteratorPtr iterator(raw);
        git_config_entry *entry = nullptr;
        while (git_config_next(&entry, iterator.get()) == 0) {
            const QByteArrayView name(entry->name);
            if (name.startsWith("remote.") && name.endsWith(".url") && name.size() > 11) {
                const QByteArray remote = name.sliced(7, name.size() - 11).toByteArray();
                if (!remotes.contains(remote))
                    remotes.append(remote);
            }
        }
    }
    git_error_clear();
    return remotes.size() == 1 ? remotes.first() : QByteArray();
}

std::optional<QByteArray> upstreamRefName(git_repository *repo, const QByteArray &branch)
{
    ConfigPtr config = liveConfigOf(repo);
    const std::optional<QByteArray> remote =
        configValue(config.get(), "branch." + branch + ".remote");
    const std::optional<QByteArray> merge =
        configValue(config.get(), "branch." + branch + ".merge");
    if (!remote || !merge || remote->isEmpty() || merge->isEmpty())
        return std::nullopt;
    if (*remote == ".")
        return merge; // tracks a local branch
    for (const QByteArray &text : fetchRefspecs(config.get(), *remote)) {
        git_refspec *raw = nullptr;
        if (git_refspec_parse(&raw, text.constData(), 1) != 0) {
            git_error_clear();
            continue;
        }
        RefspecPtr spec(raw);
        if (!git_refspec_src_matches(spec.get(), merge->constData()))
            continue;
        git_buf out = GIT_BUF_INIT;
        if (git_refspec_transform(&out, spec.get(), merge->constData()) != 0) {
            git_error_clear();
            continue;
        }
        QByteArray name(out.ptr, qsizetype(out.size));
        git_buf_dispose(&out);
        if (name.isEmpty())
            continue; // a refspec without a destination tracks nothing; git tries the next
        return name;
    }
    return std::nullopt;
}

} // namespace Grex::Git
