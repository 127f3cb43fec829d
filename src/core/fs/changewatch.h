#pragma once

#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <any>
#include <functional>
#include <memory>
#include <optional>

namespace Grex {

// Tells whether anything changed in a set of directories since a moment, without reading
// them: Linux inotify, drained when asked (refresh()). The kernel queues an event inside the
// system call that changes a directory entry or a file, so after refresh() every change that
// finished before it is known. Where inotify is not available, or a watch cannot be added
// (the per-user limit), the watch answers "changed" and callers read the files as without it.
// Thread-safe.
class ChangeWatch
{
public:
    using Token = quint64;

    ChangeWatch();
    ~ChangeWatch();
    ChangeWatch(const ChangeWatch &) = delete;
    ChangeWatch &operator=(const ChangeWatch &) = delete;

    bool isAvailable() const { return m_fd >= 0; }

    // Reads the events queued so far.
    void refresh();

    // Watches dirs (adding the watches that are missing) and returns a token that stays valid
    // while none of them changes; nullopt when one cannot be watched.
    std::optional<Token> watch(const QStringList &dirs);

    // Whether every dir is still watched and none changed after token was issued (as far as
    // the last refresh() knows).
    bool unchangedSince(const QStringList &dirs, Token token) const;

    // Whether no watched directory at all changed after token was issued.
    bool quietSince(Token token) const;

private:
    void drainLocked();

    mutable QMutex m_mutex;
    int m_fd = -1;
    Token m_now = 1;
    Token m_overflowAt = 0;
    Token m_lastEventAt = 0;
    QHash<int, QString> m_dirOfWatch;
    QHash<QString, int> m_watchOfDir;
    QHash<QString, Token> m_changedAt;
};

// Values computed from the files of some directories, kept until one of them changes. A
// long-lived process (grex serve) shares one memo across calls; keys name what was computed.
class DirMemo
{
public:
    explicit DirMemo(std::shared_ptr<ChangeWatch> watch) : m_watch(std::move(watch)) {}

    // Call once before a batch of get(): makes the changes made so far visible.
    void refresh() { m_watch->refresh(); }

    // The value computed for key, while the dirs it was computed from are unchanged;
    // otherwise compute() again. The dirs are watched before compute() reads them, so a change
    // made while it reads is not lost. compute() may set cacheable to false to keep its value
    // out of the memo.
    // remembered, when given, tells whether the value is in the memo now.
    template<typename T>
    T get(const QString &key, const std::function<QStringList()> &dirs,
          const std::function<T(bool &cacheable)> &compute, bool *remembered = nullptr)
    {
        if (std::optional<std::any> hit = lookup(key)) {
            if (const T *value = std::any_cast<T>(&*hit)) {
                if (remembered)
                    *remembered = true;
                return *value;
            }
        }
        const QStringList watched = dirs();
        const std::optional<ChangeWatch::Token> token = m_watch->watch(watched);
        bool cacheable = token.has_value();
        T value = compute(cacheable);
        if (cacheable)
            store(key, watched, *token, value);
        if (remembered)
            *remembered = cacheable;
        return value;
    }

    // A value made from many remembered ones (a whole document): kept while no watched
    // directory changed at all. beginWhole() watches dirs and returns the token to store the
    // value under, taken before anything is read.
    std::optional<ChangeWatch::Token> beginWhole(const QStringList &dirs)
    {
        return m_watch->watch(dirs);
    }
    template<typename T>
    std::optional<T> whole(const QString &key) const
    {
        if (std::optional<std::any> hit = lookupWhole(key)) {
            if (const T *value = std::any_cast<T>(&*hit))
                return *value;
        }
        return std::nullopt;
    }
    void storeWhole(const QString &key, ChangeWatch::Token token, std::any value);

private:
    struct Entry
    {
        QStringList dirs;
        ChangeWatch::Token token = 0;
        std::any value;
    };

    // The entry's value while it is valid: its dirs unchanged, or (whole) nothing changed.
    std::optional<std::any> find(const QHash<QString, Entry> &entries, const QString &key,
                                 bool whole) const;
    std::optional<std::any> lookup(const QString &key) const;
    std::optional<std::any> lookupWhole(const QString &key) const;
    void store(const QString &key, const QStringList &dirs, ChangeWatch::Token token,
               std::any value);

    std::shared_ptr<ChangeWatch> m_watch;
    mutable QMutex m_mutex;
    QHash<QString, Entry> m_entries;
    QHash<QString, Entry> m_wholes;
};

} // namespace Grex
