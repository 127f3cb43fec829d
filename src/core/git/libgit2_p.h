#pragma once

// Private to src/core/git: the only header that names libgit2 types.

#include "core/result.h"

#include <git2.h>

#include <memory>

namespace Grex::Git {

// Initialises libgit2 once per process.
void ensureInitialised();

template<typename T, void (*Free)(T *)>
struct Deleter
{
    void operator()(T *p) const { Free(p); }
};

// Shared: inside a RepositoryReuse (repository.h) openRepository hands out again what it opened.
using RepositoryPtr = std::shared_ptr<git_repository>;
inline RepositoryPtr adoptRepository(git_repository *raw)
{
    return RepositoryPtr(raw, git_repository_free);
}
using ReferencePtr = std::unique_ptr<git_reference, Deleter<git_reference, git_reference_free>>;
using ObjectPtr = std::unique_ptr<git_object, Deleter<git_object, git_object_free>>;
using CommitPtr = std::unique_ptr<git_commit, Deleter<git_commit, git_commit_free>>;
using RemotePtr = std::unique_ptr<git_remote, Deleter<git_remote, git_remote_free>>;
using StatusListPtr =
    std::unique_ptr<git_status_list, Deleter<git_status_list, git_status_list_free>>;
using ConfigPtr = std::unique_ptr<git_config, Deleter<git_config, git_config_free>>;

// The message libgit2 left for the last failure on this thread.
QString lastErrorText(int code);

// Opens dest as a (non-bare) repository; inside a RepositoryReuse, the one opened for dest
// before in this thread. Error: PackOp "not_a_repository".
Result<RepositoryPtr> openRepository(const QString &dest);

QString oidToHex(const git_oid *oid);

} // namespace Grex::Git
