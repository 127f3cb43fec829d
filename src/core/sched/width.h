#pragma once

#include "core/result.h"

#include <QString>

#include <optional>

namespace Grex {

// How many packs a run works on at once. It is resolved once per run, from the first of: the
// --parallel option or `parallel` argument, GREX_PARALLEL, the default; every thread pool,
// scheduler and walker then reads it from the run's OperationContext, so "0 means unbounded"
// and the defaults are interpreted here and nowhere else.
class Width
{
public:
    // The largest width anyone may ask for; also the thread cap of an unbounded run.
    static constexpr int Max = 1024;

    // Nobody chose: as many packs as CPUs for local work, and 8 per CPU (at least 32) for clones
    // and fetches, which wait on round trips rather than the CPU. The git commands among them
    // are bounded per host as well (core/git/hostgate.cpp), so the width is what asking remotes
    // for their refs gets.
    static Width automatic();
    // A chosen width, for local and network work alike; 0 means unbounded.
    static Width chosen(int width);
    // A width written by a person: a whole number from 0 to Max. `source` names where it came
    // from ("--parallel", "GREX_PARALLEL") in the error. Error: Usage "invalid_argument".
    static Result<Width> parse(const QString &text, const QString &source);
    // The run's width: the option when given, else GREX_PARALLEL when it is set, else automatic.
    static Result<Width> resolve(const std::optional<QString> &option,
                                 const QString &environment);

    bool isChosen() const { return m_chosen; }
    bool isUnbounded() const { return m_local == 0; }
    // The bound on local work (installs, status, exec); 0: none.
    int local() const { return m_local; }
    // The bound on clones and fetches; 0: none.
    int network() const { return m_network; }
    // Threads for a pool doing local work: the bound, or Max when unbounded (a pool starts a
    // thread only for work it has, so an unbounded pool runs every job at once).
    int localThreads() const { return threadsFor(m_local); }
    int networkThreads() const { return threadsFor(m_network); }
    // Threads for a walk whose remotes are all on this machine: their git commands are bounded
    // at the CPUs (core/git/hostgate.cpp), and one more thread per CPU asks the next remote for
    // its refs meanwhile. A chosen width is taken as it is.
    int localRemoteThreads() const { return m_chosen ? localThreads() : 2 * m_local; }
    // Whether one more local job may start while `running` are under way.
    bool admits(int running) const { return m_local == 0 || running < m_local; }

    // For --json and the logs: the chosen number, or "auto".
    QString toString() const;

    friend bool operator==(const Width &, const Width &) = default;

private:
    Width(int local, int network, bool chosen) : m_local(local), m_network(network), m_chosen(chosen)
    {
    }
    static int threadsFor(int bound) { return bound > 0 ? bound : Max; }

    int m_local = 1;
    int m_network = 1;
    bool m_chosen = false;
};

} // namespace Grex
