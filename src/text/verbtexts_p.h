#pragma once

#include "text/reporttext.h"

#include "core/docview.h"

// The text of each verb's report, one function per document shape; reporttext.cpp picks one by
// the verb's name. Each reads its document through the verb's declared shape (DocView).
namespace Grex::Text::Internal {

Lines addText(const DocView &report, const Options &options);
Lines doctorText(const DocView &report);
Lines execText(const DocView &report);
Lines importText(const DocView &report, const Options &options);
Lines initText(const DocView &report);
Lines lsText(const DocView &report, const Options &options);
Lines rmText(const DocView &report);
Lines runText(const DocView &report);
Lines statusText(const DocView &report, const Options &options);
Lines tagText(const DocView &report);
Lines syncText(const DocView &report, const Options &options);
Lines updateText(const DocView &report);
Lines taskStartText(const DocView &report);
Lines taskStatusText(const DocView &report);
Lines taskDiffText(const DocView &report);
Lines taskCommitText(const DocView &report);
Lines taskPushText(const DocView &report);
Lines taskEndText(const DocView &report);
Lines safeToLeaveText(const DocView &report);
// switch, stash, discard, commit and push.
Lines packGitText(const DocView &report);
// Where a run (sync, teardown, update) halted, on the Err channel; empty when it did not.
Lines haltText(const DocView &report);

} // namespace Grex::Text::Internal
