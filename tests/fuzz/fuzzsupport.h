#pragma once

#include "core/error.h"

#include <QByteArray>

#include <cstddef>
#include <cstdint>
#include <initializer_list>

// An invariant of a fuzz target: when it does not hold, the input is reported and the process
// aborts, so libFuzzer keeps the input as a crash and a replay test fails.
#define GREX_FUZZ_CHECK(cond)                                                                      \
    ((cond) ? void(0) : ::Grex::Fuzz::checkFailed(#cond, __FILE__, __LINE__))

namespace Grex::Fuzz {

[[noreturn]] void checkFailed(const char *condition, const char *file, int line);

// Drops Qt's debug, info and warning messages (bad input makes thousands); fatal ones abort.
void quietQtMessages();

QByteArray bytesOf(const uint8_t *data, size_t size);

// What every error that core returns must be: one of the kinds its API documents, a non-empty
// message, and details that serialize to a JSON object.
void checkError(const Error &error, std::initializer_list<ErrorKind> kinds);

// True when bytes is exactly one JSON object (what every frame and line grex writes must be).
bool isJsonObject(const QByteArray &bytes);

} // namespace Grex::Fuzz
