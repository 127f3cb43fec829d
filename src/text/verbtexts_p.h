#pragma once

#include "text/reporttext.h"

// The text of each verb's report, one function per document shape; reporttext.cpp picks one by
// the verb's name.
namespace Grex::Text::Internal {

Lines addText(const JsonObject &report, const Options &options);
Lines doctorText(const JsonObject &report);
Lines execText(const JsonArray &rows);
Lines importText(const JsonObject &report, const Options &options);
Lines initText(const JsonObject &report);
Lines lsText(const JsonArray &packs, const Options &options);
Lines rmText(const JsonObject &report);
Lines runText(const JsonArray &rows);
Lines statusText(const JsonArray &packs, const Options &options);
Lines tagText(const JsonObject &report);
Lines syncText(const JsonObject &report, const Options &options);
Lines updateText(const JsonArray &packs);
// Where a run (sync, teardown, update) halted, on the Err channel; empty when it did not.
Lines haltText(const JsonObject &report);

} // namespace Grex::Text::Internal
