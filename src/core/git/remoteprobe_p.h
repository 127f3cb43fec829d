#pragma once

// Private to src/core/git: the refs a remote has, as upload-pack says them (docs/design.md,
// "Fetching only what moved"). Apart from gitfetcher_p.h so that tests read real answers with
// it.

#include <QByteArray>
#include <QHash>
#include <QString>

#include <optional>

namespace Grex::GitImpl {

// A remote's branches and tags (name after refs/heads/ or refs/tags/ -> raw object id) and the
// branch its HEAD names ("" when none or unborn).
struct RemoteRefs
{
    QHash<QByteArray, QByteArray> heads;
    QHash<QByteArray, QByteArray> tags;
    QString head;
};
// Refs from what upload-pack answered: a protocol v0 advertisement (over HTTP after its
// "# service" line), or protocol v2's capabilities followed by the answer to ls-refs (or that
// answer alone, withCapabilities false). nullopt when the answer is not complete.
std::optional<RemoteRefs> parseUploadPackAnswer(const QByteArray &answer, bool withCapabilities);
// The protocol v2 request for the refs a plain fetch compares (HEAD, branches, tags), with the
// remote's HEAD as a symref.
QByteArray lsRefsRequest();

} // namespace Grex::GitImpl
