// Runs a fuzz target without libFuzzer: every file of the given files and directories (by
// default its seed corpus, GREX_FUZZ_CORPUS) goes through LLVMFuzzerTestOneInput once. This is
// how the seeds and the reproducers of fixed crashes stay regression tests in the normal build.

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

int main(int argc, char **argv)
{
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    QStringList roots;
    for (int i = 1; i < argc; ++i)
        roots.append(QFile::decodeName(argv[i]));
    if (roots.isEmpty())
        roots.append(QStringLiteral(GREX_FUZZ_CORPUS));

    QStringList files;
    for (const QString &root : std::as_const(roots)) {
        if (QFileInfo(root).isFile()) {
            files.append(root);
            continue;
        }
        QStringList inDir;
        QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext())
            inDir.append(it.next());
        inDir.sort();
        files.append(inDir);
    }
    if (files.isEmpty()) {
        std::fprintf(stderr, "no inputs in %s\n", qPrintable(roots.join(u' ')));
        return 1;
    }
    for (const QString &path : std::as_const(files)) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
            return 1;
        }
        const QByteArray bytes = file.readAll();
        std::fprintf(stderr, "%s (%lld bytes)\n", qPrintable(path), qint64(bytes.size()));
        std::fflush(stderr);
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.constData()),
                               size_t(bytes.size()));
    }
    std::fprintf(stderr, "%lld inputs replayed\n", qint64(files.size()));
    return 0;
}
