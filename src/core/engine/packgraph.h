#pragma once

#include "core/boxed.h"
#include "core/git/fetcher.h"
#include "core/message.h"
#include "core/pack/packmanifest.h"
#include "core/result.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace Grex {

// What a walk's git work did to a clone; a document's "fetch" member says it by its wire word
// ("cloned", "updated" for a fast-forward, ...), null for None.
enum class FetchState { None, Cloned, Fetched, UpToDate, Updated, CheckedOut, LeftAlone, Failed };
QString wireName(FetchState state);
// The wire words, in enum order, None left out.
QStringList fetchStateWords();
// The clone's HEAD moved: it was fast-forwarded or checked out.
inline bool headMoved(FetchState state)
{
    return state == FetchState::Updated || state == FetchState::CheckedOut;
}

// One pack of a run: a registered pack, a child reached through `children`, or the root pack. Packs
// other than the root live flat in the workspace, at <workspace>/<path>.
// What the walk's git work said of a pack besides its FetchState and the commits it took. Most
// packs of a sync have nothing to say, so nodes and outcomes keep it boxed.
struct FetchNotes
{
    QString leftAloneWhy;        // UpdateOutcome::why
    QString remoteDefaultBranch; // with leftAloneWhy "upstream_gone": the remote's default
    Message note;                // why the walk left the clone as it was (dirty, diverged, ...)
    QList<Message> warnings;     // e.g. LFS files left as pointers

    bool isEmpty() const;
};

struct PackNode
{
    QString id;   // the pack name: its path, or the root pack's manifest name
    QString path; // the directory name in the workspace; empty for the root pack
    QString dir;  // absolute directory
    QString url;
    std::optional<QString> ref;
    CloneOptions cloneOptions; // --depth and --filter from add or the parent's children entry
    SharedManifest manifest = sharedImplicitManifest();
    bool isRoot = false;
    bool registered = false;
    bool onDisk = false;      // the directory exists (in a dry run: will exist only after a clone)
    bool cloned = false;      // this walk cloned it
    int depth = 0;            // 0 for registered packs and the root, +1 per child edge
    QStringList children;     // ids of its children, in declaration order
    QStringList dependencies; // ids its depends_on entries resolve to (run before it)
    // Its tags, sorted: given with add or grex tag, by each parent's children entry, and by
    // its own pack.yaml.
    QStringList tags;
    QString shaBefore;
    QString sha; // HEAD after the walk; "" when unknown
    std::optional<QString> branch;
    // What the walk's git work did (see notes for LeftAlone, fetchError for Failed); None when
    // it did none (no network: dry runs, teardown, status).
    FetchState fetchState = FetchState::None;
    int commitsTaken = 0;            // UpdateOutcome::taken
    Boxed<FetchNotes> notes;         // when the walk's git work had something to say
    Boxed<Error> fetchError;         // the clone or fetch failed: this pack is not installed
    Boxed<Error> loadError;          // a tolerant walk could not read this pack
};

struct PackGraph
{
    QMap<QString, PackNode> nodes;
    QStringList roots; // the root pack and the registered packs, in the order given

    // DFS post-order from the roots in order, children in declaration order, then the packs a
    // pack depends on: every pack after what it builds on, each once. Exactly the serial
    // execution order (docs/design.md, "Execution order").
    QStringList postOrder() const;
    // The pack and everything below it through children, in post-order.
    QStringList subtree(const QString &id) const;
    // Every pack that lists id among its children.
    QStringList parentsOf(const QString &id) const;
};

// Fills every node's `dependencies` from its manifest's depends_on (by name, or by URL).
void resolveDependencies(PackGraph &graph);

// One thing the plan-phase validators found, and the packs it makes unusable: the pack whose
// pack.yaml is invalid or names a dependency that is not there, or every pack of a cycle.
struct GraphProblem
{
    QStringList packs;
    Error error;
};

// The plan-phase validators (docs/design.md, "Pack graph and validation"), every problem rather
// than the first: invalid actions (a duplicate symlink dst, ...), cycles over children and over
// depends_on, unsatisfied depends_on.
// `elsewhere` holds the packs of the workspace the walk did not reach, by id with their URL
// (add walks only the pack it adds): a depends_on entry naming one of them is satisfied.
QList<GraphProblem> validateGraph(const PackGraph &graph,
                                  const QMap<QString, QString> &elsewhere = {});

// Marks each pack a problem names as failed (its loadError, the first problem if several), so that
// it fails alone and the packs that build on it do not run (docs/design.md, "Pack graph and
// validation").
void markProblems(PackGraph &graph, const QList<GraphProblem> &problems);

} // namespace Grex
