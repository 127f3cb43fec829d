<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>Grex</name>
    <message>
        <source>internal error: %1 (at %2:%3)</source>
        <translation>interner Fehler: %1 (bei %2:%3)</translation>
    </message>
    <message>
        <source>cannot write %1: it is a directory</source>
        <translation>%1 kann nicht geschrieben werden: es ist ein Verzeichnis</translation>
    </message>
    <message>
        <source>cannot write %1: the file is read-only</source>
        <translation>%1 kann nicht geschrieben werden: die Datei ist schreibgeschützt</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot replace %1: %2</source>
        <translation>%1 kann nicht ersetzt werden: %2</translation>
    </message>
    <message>
        <source>%1 is held by %2</source>
        <translation>%1 wird von %2 gehalten</translation>
    </message>
    <message>
        <source>cannot create lock file %1: permission denied</source>
        <translation>Sperrdatei %1 kann nicht angelegt werden: Zugriff verweigert</translation>
    </message>
    <message>
        <source>cannot create lock file %1</source>
        <translation>Sperrdatei %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cancelled while waiting for %1</source>
        <translation>abgebrochen beim Warten auf %1</translation>
    </message>
    <message>
        <source>the .gitignore block of &apos;%1&apos; opened at line %2 is never closed</source>
        <translation>der in Zeile %2 geöffnete .gitignore-Block von &apos;%1&apos; wird nie geschlossen</translation>
    </message>
    <message>
        <source>add the line &apos;%1&apos; after the block&apos;s patterns</source>
        <translation>die Zeile &apos;%1&apos; nach den Mustern des Blocks einfügen</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot name a .gitignore block: it must be non-empty without control characters, &apos;&lt;&apos; or &apos;&gt;&apos;</source>
        <translation>&apos;%1&apos; kann keinen .gitignore-Block benennen: der Name darf nicht leer sein und keine Steuerzeichen, &apos;&lt;&apos; oder &apos;&gt;&apos; enthalten</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>cannot read the status of %1</source>
        <translation>Status von %1 kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1 already exists and is not empty</source>
        <translation>%1 existiert bereits und ist nicht leer</translation>
    </message>
    <message>
        <source>cannot clone %1: %2</source>
        <translation>%1 kann nicht geklont werden: %2</translation>
    </message>
    <message>
        <source>cannot reach %1: %2</source>
        <translation>%1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>ref &apos;%1&apos; does not exist in %2</source>
        <translation>Referenz &apos;%1&apos; existiert nicht in %2</translation>
    </message>
    <message>
        <source>%1 has no commit checked out</source>
        <translation>in %1 ist kein Commit ausgecheckt</translation>
    </message>
    <message>
        <source>%1 is not a git repository</source>
        <translation>%1 ist kein Git-Repository</translation>
    </message>
    <message>
        <source>cannot set %1 in %2: %3</source>
        <translation>%1 kann in %2 nicht gesetzt werden: %3</translation>
    </message>
    <message>
        <source>grex.lock.jsonl is corrupt at line %1: %2</source>
        <translation>grex.lock.jsonl ist in Zeile %1 beschädigt: %2</translation>
    </message>
    <message>
        <source>the %1 event for &apos;%2&apos; would take %3 bytes; grex.jsonl lines are limited to %4 bytes</source>
        <translation>das %1-Ereignis für &apos;%2&apos; würde %3 Bytes belegen; Zeilen in grex.jsonl sind auf %4 Bytes begrenzt</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is added again while registered; the later add wins</source>
        <translation>Pack &apos;%1&apos; wird erneut hinzugefügt, obwohl es registriert ist; das spätere Hinzufügen gilt</translation>
    </message>
    <message>
        <source>update of pack &apos;%1&apos;, which is not registered, ignored</source>
        <translation>Aktualisierung des nicht registrierten Packs &apos;%1&apos; ignoriert</translation>
    </message>
    <message>
        <source>update of unknown field &apos;%1&apos; of pack &apos;%2&apos; ignored</source>
        <translation>Aktualisierung des unbekannten Felds &apos;%1&apos; von Pack &apos;%2&apos; ignoriert</translation>
    </message>
    <message>
        <source>removal of pack &apos;%1&apos;, which is not registered</source>
        <translation>Entfernen des nicht registrierten Packs &apos;%1&apos;</translation>
    </message>
    <message>
        <source>fix or delete line %1; every later line is kept as it is</source>
        <translation>Zeile %1 korrigieren oder löschen; alle späteren Zeilen bleiben unverändert</translation>
    </message>
    <message>
        <source>cannot repair the torn end of %1: %2</source>
        <translation>das abgerissene Ende von %1 kann nicht repariert werden: %2</translation>
    </message>
    <message>
        <source>upgrade grex</source>
        <translation>grex aktualisieren</translation>
    </message>
    <message>
        <source>cannot open %1 for writing: %2</source>
        <translation>%1 kann nicht zum Schreiben geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot append to %1: %2</source>
        <translation>an %1 kann nicht angehängt werden: %2</translation>
    </message>
    <message>
        <source>cannot flush %1 to disk: %2</source>
        <translation>%1 kann nicht auf den Datenträger geschrieben werden: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is empty</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er ist leer</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it contains a path separator</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er enthält ein Pfadtrennzeichen</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it starts with &apos;.&apos;, which grex reserves for its own files</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er beginnt mit &apos;.&apos;, das grex für eigene Dateien reserviert</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it starts with &apos;-&apos;</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er beginnt mit &apos;-&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it contains control characters</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er enthält Steuerzeichen</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it contains &apos;&lt;&apos; or &apos;&gt;&apos;</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er enthält &apos;&lt;&apos; oder &apos;&gt;&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: the name is reserved</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: der Name ist reserviert</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it is empty</source>
        <translation>ungültige URL &apos;%1&apos;: sie ist leer</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it contains control characters</source>
        <translation>ungültige URL &apos;%1&apos;: sie enthält Steuerzeichen</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it starts with &apos;-&apos;</source>
        <translation>ungültige URL &apos;%1&apos;: sie beginnt mit &apos;-&apos;</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the scheme before &apos;://&apos; is missing</source>
        <translation>ungültige URL &apos;%1&apos;: das Schema vor &apos;://&apos; fehlt</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the scheme is not one of http, https, ssh, git or file</source>
        <translation>ungültige URL &apos;%1&apos;: das Schema ist keines von http, https, ssh, git oder file</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: a file:// URL needs an absolute path</source>
        <translation>ungültige URL &apos;%1&apos;: eine file://-URL braucht einen absoluten Pfad</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the host is malformed</source>
        <translation>ungültige URL &apos;%1&apos;: der Host ist fehlerhaft</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the port is not a number from 1 to 65535</source>
        <translation>ungültige URL &apos;%1&apos;: der Port ist keine Zahl von 1 bis 65535</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the host name is missing</source>
        <translation>ungültige URL &apos;%1&apos;: der Hostname fehlt</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the repository path is missing</source>
        <translation>ungültige URL &apos;%1&apos;: der Repository-Pfad fehlt</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it is not a URL or a path</source>
        <translation>ungültige URL &apos;%1&apos;: sie ist weder eine URL noch ein Pfad</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the repository path after &apos;:&apos; is missing</source>
        <translation>ungültige URL &apos;%1&apos;: der Repository-Pfad nach &apos;:&apos; fehlt</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be a list of strings</source>
        <translation>%1:%2: &apos;%3&apos; muss eine Liste von Zeichenketten sein</translation>
    </message>
    <message>
        <source>%1:%2: every entry of &apos;%3&apos; must be a string</source>
        <translation>%1:%2: jeder Eintrag von &apos;%3&apos; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1:%2: the file is larger than %3 bytes</source>
        <translation>%1:%2: die Datei ist größer als %3 Bytes</translation>
    </message>
    <message>
        <source>%1:%2: YAML anchors and aliases are not allowed in pack.yaml</source>
        <translation>%1:%2: YAML-Anker und -Aliase sind in pack.yaml nicht erlaubt</translation>
    </message>
    <message>
        <source>%1:%2: malformed YAML: %3</source>
        <translation>%1:%2: fehlerhaftes YAML: %3</translation>
    </message>
    <message>
        <source>%1:%2: the file is empty; it needs at least schema_version, name and type</source>
        <translation>%1:%2: die Datei ist leer; sie braucht mindestens schema_version, name und type</translation>
    </message>
    <message>
        <source>%1:%2: the top level must be a mapping</source>
        <translation>%1:%2: die oberste Ebene muss ein Mapping sein</translation>
    </message>
    <message>
        <source>%1:%2: keys must be strings</source>
        <translation>%1:%2: Schlüssel müssen Zeichenketten sein</translation>
    </message>
    <message>
        <source>%1:%2: unknown key &apos;%3&apos; (extension keys start with &apos;x-&apos;)</source>
        <translation>%1:%2: unbekannter Schlüssel &apos;%3&apos; (Erweiterungsschlüssel beginnen mit &apos;x-&apos;)</translation>
    </message>
    <message>
        <source>%1:%2: &apos;schema_version&apos; is missing; write schema_version: &quot;1&quot;</source>
        <translation>%1:%2: &apos;schema_version&apos; fehlt; schema_version: &quot;1&quot; schreiben</translation>
    </message>
    <message>
        <source>%1:%2: schema_version &apos;%3&apos; is not supported; write schema_version: &quot;1&quot;</source>
        <translation>%1:%2: schema_version &apos;%3&apos; wird nicht unterstützt; schema_version: &quot;1&quot; schreiben</translation>
    </message>
    <message>
        <source>%1:%2: schema_version must be the quoted string &quot;1&quot;, not the number 1</source>
        <translation>%1:%2: schema_version muss die Zeichenkette &quot;1&quot; in Anführungszeichen sein, nicht die Zahl 1</translation>
    </message>
    <message>
        <source>%1:%2: &apos;name&apos; must be lowercase letters, digits and &apos;-&apos;, starting with a letter (got &apos;%3&apos;)</source>
        <translation>%1:%2: &apos;name&apos; darf nur Kleinbuchstaben, Ziffern und &apos;-&apos; enthalten und muss mit einem Buchstaben beginnen (erhalten: &apos;%3&apos;)</translation>
    </message>
    <message>
        <source>%1:%2: &apos;type&apos; is missing (meta, declarative or scripted)</source>
        <translation>%1:%2: &apos;type&apos; fehlt (meta, declarative oder scripted)</translation>
    </message>
    <message>
        <source>%1:%2: &apos;type&apos; must be a string</source>
        <translation>%1:%2: &apos;type&apos; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1:%2: unknown pack type &apos;%3&apos; (expected meta, declarative or scripted)</source>
        <translation>%1:%2: unbekannter Pack-Typ &apos;%3&apos; (erwartet: meta, declarative oder scripted)</translation>
    </message>
    <message>
        <source>%1:%2: &apos;version&apos; must be a scalar</source>
        <translation>%1:%2: &apos;version&apos; muss ein Skalar sein</translation>
    </message>
    <message>
        <source>%1:%2: &apos;children&apos; must be a list</source>
        <translation>%1:%2: &apos;children&apos; muss eine Liste sein</translation>
    </message>
    <message>
        <source>%1:%2: unknown child key &apos;%3&apos;</source>
        <translation>%1:%2: unbekannter Schlüssel &apos;%3&apos; in einem Kind</translation>
    </message>
    <message>
        <source>%1:%2: child &apos;%3&apos; must be a string</source>
        <translation>%1:%2: &apos;%3&apos; eines Kinds muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1:%2: a child needs a &apos;url&apos;</source>
        <translation>%1:%2: ein Kind braucht eine &apos;url&apos;</translation>
    </message>
    <message>
        <source>%1:%2: child path &apos;%3&apos; must be a single directory name</source>
        <translation>%1:%2: der Kind-Pfad &apos;%3&apos; muss ein einzelner Verzeichnisname sein</translation>
    </message>
    <message>
        <source>%1 already holds a clone of %2, not of %3</source>
        <translation>%1 enthält bereits einen Klon von %2, nicht von %3</translation>
    </message>
    <message>
        <source>pass another path as the second argument</source>
        <translation>einen anderen Pfad als zweites Argument angeben</translation>
    </message>
    <message>
        <source>%1 already exists and is not a clone of %2</source>
        <translation>%1 existiert bereits und ist kein Klon von %2</translation>
    </message>
    <message>
        <source>pass another path as the second argument, or move the directory away</source>
        <translation>einen anderen Pfad als zweites Argument angeben oder das Verzeichnis wegverschieben</translation>
    </message>
    <message>
        <source>--ref must not be empty</source>
        <translation>--ref darf nicht leer sein</translation>
    </message>
    <message>
        <source>unknown pack type &apos;%1&apos; (expected meta, declarative or scripted)</source>
        <translation>unbekannter Pack-Typ &apos;%1&apos; (erwartet: meta, declarative oder scripted)</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is already registered (from %2)</source>
        <translation>Pack &apos;%1&apos; ist bereits registriert (aus %2)</translation>
    </message>
    <message>
        <source>cloning %1</source>
        <translation>%1 wird geklont</translation>
    </message>
    <message>
        <source>add it as: grex add %1 %2</source>
        <translation>so hinzufügen: grex add %1 %2</translation>
    </message>
    <message>
        <source>--type %1 ignored: pack.yaml of &apos;%2&apos; says type %3</source>
        <translation>--type %1 ignoriert: die pack.yaml von &apos;%2&apos; gibt den Typ %3 an</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is registered but its .gitignore block was not written: %2</source>
        <translation>Pack &apos;%1&apos; ist registriert, aber sein .gitignore-Block wurde nicht geschrieben: %2</translation>
    </message>
    <message>
        <source>--hooks-path must not be empty</source>
        <translation>--hooks-path darf nicht leer sein</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has the invalid path &apos;%2&apos; in grex.jsonl; not cloned</source>
        <translation>Pack &apos;%1&apos; hat in grex.jsonl den ungültigen Pfad &apos;%2&apos;; nicht geklont</translation>
    </message>
    <message>
        <source>rm needs the path of a pack</source>
        <translation>rm braucht den Pfad eines Packs</translation>
    </message>
    <message>
        <source>remove pack &apos;%1&apos; and delete %2</source>
        <translation>Pack &apos;%1&apos; entfernen und %2 löschen</translation>
    </message>
    <message>
        <source>remove pack &apos;%1&apos; (keeping %2)</source>
        <translation>Pack &apos;%1&apos; entfernen (%2 bleibt erhalten)</translation>
    </message>
    <message>
        <source>removing pack &apos;%1&apos; was not approved</source>
        <translation>das Entfernen von Pack &apos;%1&apos; wurde nicht genehmigt</translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation>%1 kann nicht entfernt werden: %2</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is removed but %2 could not be deleted completely; delete it by hand</source>
        <translation>Pack &apos;%1&apos; ist entfernt, aber %2 konnte nicht vollständig gelöscht werden; von Hand löschen</translation>
    </message>
    <message>
        <source>the .gitignore block of &apos;%1&apos; was not removed: %2</source>
        <translation>der .gitignore-Block von &apos;%1&apos; wurde nicht entfernt: %2</translation>
    </message>
    <message>
        <source>grex.lock.jsonl was not updated: %1</source>
        <translation>grex.lock.jsonl wurde nicht aktualisiert: %1</translation>
    </message>
    <message>
        <source>Show what would happen without changing anything.</source>
        <translation>Anzeigen, was geschehen würde, ohne etwas zu ändern.</translation>
    </message>
    <message>
        <source>Initialise a workspace</source>
        <translation>Arbeitsbereich initialisieren</translation>
    </message>
    <message>
        <source>Initialise a grex workspace.</source>
        <translation>Einen grex-Arbeitsbereich initialisieren.</translation>
    </message>
    <message>
        <source>Do not clone registered packs whose directory is missing.</source>
        <translation>Registrierte Packs, deren Verzeichnis fehlt, nicht klonen.</translation>
    </message>
    <message>
        <source>Set core.hooksPath of the workspace repository.</source>
        <translation>core.hooksPath des Arbeitsbereich-Repositorys setzen.</translation>
    </message>
    <message>
        <source>Add a pack</source>
        <translation>Pack hinzufügen</translation>
    </message>
    <message>
        <source>Register and clone a pack.</source>
        <translation>Ein Pack registrieren und klonen.</translation>
    </message>
    <message>
        <source>The repository to clone: a URL or a local path.</source>
        <translation>Das zu klonende Repository: eine URL oder ein lokaler Pfad.</translation>
    </message>
    <message>
        <source>Directory name in the workspace (default: derived from the URL).</source>
        <translation>Verzeichnisname im Arbeitsbereich (Standard: aus der URL abgeleitet).</translation>
    </message>
    <message>
        <source>Pack type when the repository has no pack.yaml: meta, declarative or scripted.</source>
        <translation>Pack-Typ, falls das Repository keine pack.yaml hat: meta, declarative oder scripted.</translation>
    </message>
    <message>
        <source>Branch, tag or commit to check out.</source>
        <translation>Auszucheckender Branch, Tag oder Commit.</translation>
    </message>
    <message>
        <source>Remove a pack</source>
        <translation>Pack entfernen</translation>
    </message>
    <message>
        <source>Unregister a pack and delete its directory.</source>
        <translation>Ein Pack abmelden und sein Verzeichnis löschen.</translation>
    </message>
    <message>
        <source>The pack to remove (its path or id).</source>
        <translation>Das zu entfernende Pack (sein Pfad oder seine ID).</translation>
    </message>
    <message>
        <source>Unregister only; keep the directory.</source>
        <translation>Nur abmelden; das Verzeichnis behalten.</translation>
    </message>
    <message>
        <source>List packs</source>
        <translation>Packs auflisten</translation>
    </message>
    <message>
        <source>List registered packs.</source>
        <translation>Registrierte Packs auflisten.</translation>
    </message>
    <message>
        <source>Only packs of this type.</source>
        <translation>Nur Packs dieses Typs.</translation>
    </message>
    <message>
        <source>Also show install time and actions hash.</source>
        <translation>Auch Installationszeitpunkt und Aktions-Hash anzeigen.</translation>
    </message>
    <message>
        <source>Show children under their parents.</source>
        <translation>Kinder unter ihren Eltern anzeigen.</translation>
    </message>
    <message>
        <source>%1 does not take the argument &apos;%2&apos;</source>
        <translation>%1 akzeptiert das Argument &apos;%2&apos; nicht</translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; of %2 must be of type %3</source>
        <translation>Argument &apos;%1&apos; von %2 muss vom Typ %3 sein</translation>
    </message>
    <message>
        <source>%1 needs the argument &apos;%2&apos;</source>
        <translation>%1 braucht das Argument &apos;%2&apos;</translation>
    </message>
    <message>
        <source>no registered pack is called &apos;%1&apos;</source>
        <translation>kein registriertes Pack heißt &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;grex ls&apos; lists the registered packs</source>
        <translation>&apos;grex ls&apos; listet die registrierten Packs auf</translation>
    </message>
    <message>
        <source>--manifest %1: the directory %2 does not exist</source>
        <translation>--manifest %1: das Verzeichnis %2 existiert nicht</translation>
    </message>
    <message>
        <source>%1 is not a grex workspace: %2 does not exist</source>
        <translation>%1 ist kein grex-Arbeitsbereich: %2 existiert nicht</translation>
    </message>
    <message>
        <source>workspace %1 is busy: %2 holds %3</source>
        <translation>Arbeitsbereich %1 ist belegt: %2 hält %3</translation>
    </message>
    <message>
        <source>wait for it to finish and try again</source>
        <translation>warten, bis der Vorgang abgeschlossen ist, und erneut versuchen</translation>
    </message>
    <message>
        <source>there is no terminal to ask for confirmation: pass --yes to approve</source>
        <translation>kein Terminal für eine Rückfrage vorhanden: zum Genehmigen --yes angeben</translation>
    </message>
    <message>
        <source>you answered no</source>
        <translation>die Antwort war nein</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot be a .gitignore pattern: it spans lines or looks like a grex marker</source>
        <translation>&apos;%1&apos; kann kein .gitignore-Muster sein: es erstreckt sich über mehrere Zeilen oder sieht wie eine grex-Markierung aus</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is the workspace itself</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er ist der Arbeitsbereich selbst</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it points outside the workspace</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er zeigt aus dem Arbeitsbereich heraus</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is longer than 200 bytes</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er ist länger als 200 Bytes</translation>
    </message>
    <message>
        <source>%1:%2: x-gitignore entry &apos;%3&apos; spans lines or looks like a grex marker</source>
        <translation>%1:%2: der x-gitignore-Eintrag &apos;%3&apos; erstreckt sich über mehrere Zeilen oder sieht wie eine grex-Markierung aus</translation>
    </message>
    <message>
        <source>adding &apos;%1&apos; was cancelled; nothing was changed</source>
        <translation>das Hinzufügen von &apos;%1&apos; wurde abgebrochen; nichts wurde geändert</translation>
    </message>
    <message>
        <source>the clone in %1 is at %2, not at &apos;%3&apos;</source>
        <translation>der Klon in %1 steht auf %2, nicht auf &apos;%3&apos;</translation>
    </message>
    <message>
        <source>check out &apos;%1&apos; there first, or add it without --ref</source>
        <translation>dort zuerst &apos;%1&apos; auschecken oder ohne --ref hinzufügen</translation>
    </message>
    <message>
        <source>%1 is not a git repository; --hooks-path is ignored</source>
        <translation>%1 ist kein Git-Repository; --hooks-path wird ignoriert</translation>
    </message>
    <message>
        <source>%1 exists but is not a file</source>
        <translation>%1 existiert, ist aber keine Datei</translation>
    </message>
    <message>
        <source>unregister it without touching files: grex rm %1 --keep-files</source>
        <translation>abmelden, ohne Dateien anzurühren: grex rm %1 --keep-files</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has work that exists only in %2 (changed tracked files: %3, untracked files: %4, commits on no remote: %5, stashes: %6); nothing was removed</source>
        <translation>Pack &apos;%1&apos; enthält Arbeit, die nur in %2 existiert (geänderte versionierte Dateien: %3, unversionierte Dateien: %4, Commits auf keinem Remote: %5, Stashes: %6); nichts wurde entfernt</translation>
    </message>
    <message>
        <source>commit and push it first, keep the directory with --keep-files, or delete anyway with --force</source>
        <translation>zuerst committen und pushen, das Verzeichnis mit --keep-files behalten oder mit --force trotzdem löschen</translation>
    </message>
    <message>
        <source>nothing is set up to approve destructive verbs</source>
        <translation>es ist nichts eingerichtet, das destruktive Befehle genehmigen könnte</translation>
    </message>
    <message>
        <source>Only clone and register the pack; do not install it.</source>
        <translation>Das Pack nur klonen und registrieren; nicht installieren.</translation>
    </message>
    <message>
        <source>Delete the directory even if it holds work that exists nowhere else (changes, commits, stashes).</source>
        <translation>Das Verzeichnis auch dann löschen, wenn es Arbeit enthält, die nirgends sonst existiert (Änderungen, Commits, Stashes).</translation>
    </message>
    <message>
        <source>Remove without running the pack&apos;s teardown.</source>
        <translation>Entfernen, ohne den Abbau des Packs auszuführen.</translation>
    </message>
    <message>
        <source>cloning was cancelled after %1 of %2 pack(s): %3</source>
        <translation>das Klonen wurde nach %1 von %2 Pack(s) abgebrochen: %3</translation>
    </message>
    <message>
        <source>the packs form a cycle through children: %1</source>
        <translation>die Packs bilden einen Zyklus über children: %1</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; depends on &apos;%2&apos;, which is not in the workspace</source>
        <translation>Pack &apos;%1&apos; hängt von &apos;%2&apos; ab, das nicht im Arbeitsbereich liegt</translation>
    </message>
    <message>
        <source>the packs form a cycle through depends_on: %1</source>
        <translation>die Packs bilden einen Zyklus über depends_on: %1</translation>
    </message>
    <message>
        <source>%1 is not empty; left in place</source>
        <translation>%1 ist nicht leer; bleibt bestehen</translation>
    </message>
    <message>
        <source>the actions of meta pack &apos;%1&apos; are ignored: a meta pack only owns children (make it declarative to run them)</source>
        <translation>die Aktionen des meta-Packs &apos;%1&apos; werden ignoriert: ein meta-Pack besitzt nur Kinder (als declarative-Pack würden sie ausgeführt)</translation>
    </message>
    <message>
        <source>exec exited with status %1: %2</source>
        <translation>exec wurde mit Status %1 beendet: %2</translation>
    </message>
    <message>
        <source>--workspace needs a pack root</source>
        <translation>--workspace braucht ein Pack-Wurzelverzeichnis</translation>
    </message>
    <message>
        <source>%1 is not a pack: %2 does not exist</source>
        <translation>%1 ist kein Pack: %2 existiert nicht</translation>
    </message>
    <message>
        <source>recovery scan: %1</source>
        <translation>Wiederherstellungsprüfung: %1</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has the unknown type &apos;%2&apos;</source>
        <translation>Pack &apos;%1&apos; hat den unbekannten Typ &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 was cancelled after %2 of %3 pack(s); run it again to finish</source>
        <translation>%1 wurde nach %2 von %3 Pack(s) abgebrochen; zum Abschließen erneut ausführen</translation>
    </message>
    <message>
        <source>%1 halted at pack &apos;%2&apos; action #%3 (%4): %5</source>
        <translation>%1 angehalten bei Pack &apos;%2&apos;, Aktion #%3 (%4): %5</translation>
    </message>
    <message>
        <source>%1 exists and is not a clone of pack &apos;%2&apos;</source>
        <translation>%1 existiert und ist kein Klon von Pack &apos;%2&apos;</translation>
    </message>
    <message>
        <source>the pack in %1 is named &apos;%2&apos; in its pack.yaml, not &apos;%3&apos;</source>
        <translation>das Pack in %1 heißt in seiner pack.yaml &apos;%2&apos;, nicht &apos;%3&apos;</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has the invalid path &apos;%2&apos; in grex.jsonl; skipped</source>
        <translation>Pack &apos;%1&apos; hat in grex.jsonl den ungültigen Pfad &apos;%2&apos;; übersprungen</translation>
    </message>
    <message>
        <source>%1 ready</source>
        <translation>%1 bereit</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; declares child &apos;%2&apos; from %3, but &apos;%2&apos; comes from %4</source>
        <translation>Pack &apos;%1&apos; deklariert das Kind &apos;%2&apos; aus %3, aber &apos;%2&apos; stammt aus %4</translation>
    </message>
    <message>
        <source>no action called &apos;%1&apos; is registered</source>
        <translation>keine Aktion namens &apos;%1&apos; ist registriert</translation>
    </message>
    <message>
        <source>%1 is empty after expansion</source>
        <translation>%1 ist nach der Expansion leer</translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation>%1 auf %2 fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>create the parent directory first, with a mkdir action</source>
        <translation>zuerst das übergeordnete Verzeichnis mit einer mkdir-Aktion anlegen</translation>
    </message>
    <message>
        <source>%1 already exists and is not a link to %2</source>
        <translation>%1 existiert bereits und ist kein Link auf %2</translation>
    </message>
    <message>
        <source>created the backup %1 but not the link %2 (%3), and could not move the backup back (%4)</source>
        <translation>die Sicherung %1 wurde angelegt, der Link %2 aber nicht (%3), und die Sicherung konnte nicht zurückverschoben werden (%4)</translation>
    </message>
    <message>
        <source>backup left at %1; restore manually and re-run</source>
        <translation>die Sicherung liegt in %1; manuell wiederherstellen und erneut ausführen</translation>
    </message>
    <message>
        <source>the value of %1 spans lines; only a session variable may</source>
        <translation>der Wert von %1 erstreckt sich über mehrere Zeilen; das darf nur eine Sitzungsvariable</translation>
    </message>
    <message>
        <source>cannot set %1 in %2 for the %3 scope: permission denied</source>
        <translation>%1 kann in %2 für den Geltungsbereich %3 nicht gesetzt werden: Zugriff verweigert</translation>
    </message>
    <message>
        <source>%1 exists as a file</source>
        <translation>%1 existiert als Datei</translation>
    </message>
    <message>
        <source>invalid POSIX mode &apos;%1&apos;</source>
        <translation>ungültiger POSIX-Modus &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1 is not empty</source>
        <translation>%1 ist nicht leer</translation>
    </message>
    <message>
        <source>a requirement of pack &apos;%1&apos; does not hold</source>
        <translation>eine Voraussetzung von Pack &apos;%1&apos; ist nicht erfüllt</translation>
    </message>
    <message>
        <source>a requirement of pack &apos;%1&apos; does not hold; continuing (on_fail: warn)</source>
        <translation>eine Voraussetzung von Pack &apos;%1&apos; ist nicht erfüllt; es wird fortgefahren (on_fail: warn)</translation>
    </message>
    <message>
        <source>%1 exited with status %2 (on_fail: warn)</source>
        <translation>%1 wurde mit Status %2 beendet (on_fail: warn)</translation>
    </message>
    <message>
        <source>exec has an empty command</source>
        <translation>exec hat einen leeren Befehl</translation>
    </message>
    <message>
        <source>set backup: true or remove the entry</source>
        <translation>backup: true setzen oder den Eintrag entfernen</translation>
    </message>
    <message>
        <source>set force: true</source>
        <translation>force: true setzen</translation>
    </message>
    <message>
        <source>re-run elevated</source>
        <translation>mit erhöhten Rechten erneut ausführen</translation>
    </message>
    <message>
        <source>enable Developer Mode or run elevated</source>
        <translation>den Entwicklermodus aktivieren oder mit erhöhten Rechten ausführen</translation>
    </message>
    <message>
        <source>predicate &apos;%1&apos; is not supported on %2</source>
        <translation>Prädikat &apos;%1&apos; wird auf %2 nicht unterstützt</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>cannot replace the stale lock file %1 of a process that is gone: %2 is not writable (permission denied)</source>
        <translation>die verwaiste Sperrdatei %1 eines beendeten Prozesses kann nicht ersetzt werden: %2 ist nicht beschreibbar (Zugriff verweigert)</translation>
    </message>
    <message>
        <source>cannot fetch into %1: %2</source>
        <translation>Fetch nach %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>cannot check out &apos;%1&apos; in %2: %3</source>
        <translation>&apos;%1&apos; kann in %2 nicht ausgecheckt werden: %3</translation>
    </message>
    <message>
        <source>no commit is checked out</source>
        <translation>kein Commit ist ausgecheckt</translation>
    </message>
    <message>
        <source>branch %1 tracks no upstream; not moved</source>
        <translation>Branch %1 folgt keinem Upstream; nicht bewegt</translation>
    </message>
    <message>
        <source>%1 has diverged from %2 (%3 local and %4 new upstream commits); not moved</source>
        <translation>%1 ist von %2 divergiert (%3 lokale und %4 neue Upstream-Commits); nicht bewegt</translation>
    </message>
    <message>
        <source>the working tree has uncommitted changes; not switched to %1</source>
        <translation>das Arbeitsverzeichnis enthält nicht committete Änderungen; nicht zu %1 gewechselt</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be a string</source>
        <translation>%1:%2: &apos;%3&apos; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be true or false</source>
        <translation>%1:%2: &apos;%3&apos; muss true oder false sein</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be one of %4 (got &apos;%5&apos;)</source>
        <translation>%1:%2: &apos;%3&apos; muss einer der Werte %4 sein (erhalten: &apos;%5&apos;)</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be a list</source>
        <translation>%1:%2: &apos;%3&apos; muss eine Liste sein</translation>
    </message>
    <message>
        <source>%1:%2: the arguments of &apos;%3&apos; must be a mapping</source>
        <translation>%1:%2: die Argumente von &apos;%3&apos; müssen ein Mapping sein</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; does not take the argument &apos;%4&apos; (it takes %5)</source>
        <translation>%1:%2: &apos;%3&apos; akzeptiert das Argument &apos;%4&apos; nicht (erlaubt: %5)</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; needs the argument &apos;%4&apos;</source>
        <translation>%1:%2: &apos;%3&apos; braucht das Argument &apos;%4&apos;</translation>
    </message>
    <message>
        <source>%1:%2: an action must be a mapping with one key naming it</source>
        <translation>%1:%2: eine Aktion muss ein Mapping mit einem einzigen Schlüssel sein, der sie benennt</translation>
    </message>
    <message>
        <source>%1:%2: an action has exactly one key, this entry has %3</source>
        <translation>%1:%2: eine Aktion hat genau einen Schlüssel, dieser Eintrag hat %3</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; is not a valid variable name</source>
        <translation>%1:%2: &apos;%3&apos; ist kein gültiger Variablenname</translation>
    </message>
    <message>
        <source>%1:%2: &apos;mkdir.mode&apos; must be an octal mode like &quot;755&quot;</source>
        <translation>%1:%2: &apos;mkdir.mode&apos; muss ein oktaler Modus wie &quot;755&quot; sein</translation>
    </message>
    <message>
        <source>%1:%2: &apos;require&apos; needs exactly one of all_of, any_of and none_of (found %3)</source>
        <translation>%1:%2: &apos;require&apos; braucht genau eines von all_of, any_of und none_of (gefunden: %3)</translation>
    </message>
    <message>
        <source>%1:%2: nesting deeper than %3 levels</source>
        <translation>%1:%2: Verschachtelung tiefer als %3 Ebenen</translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec&apos; takes &apos;cmd&apos; (a list) without shell, or &apos;cmd_shell&apos; (a string) with shell: true (shell: %3, cmd: %4, cmd_shell: %5)</source>
        <translation>%1:%2: &apos;exec&apos; akzeptiert &apos;cmd&apos; (eine Liste) ohne Shell oder &apos;cmd_shell&apos; (eine Zeichenkette) mit shell: true (shell: %3, cmd: %4, cmd_shell: %5)</translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.cmd&apos; must be a list of strings</source>
        <translation>%1:%2: &apos;exec.cmd&apos; muss eine Liste von Zeichenketten sein</translation>
    </message>
    <message>
        <source>%1:%2: every entry of &apos;exec.cmd&apos; must be a string</source>
        <translation>%1:%2: jeder Eintrag von &apos;exec.cmd&apos; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.cmd&apos; is empty</source>
        <translation>%1:%2: &apos;exec.cmd&apos; ist leer</translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.cmd_shell&apos; is empty</source>
        <translation>%1:%2: &apos;exec.cmd_shell&apos; ist leer</translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.env&apos; must be a mapping of names to strings</source>
        <translation>%1:%2: &apos;exec.env&apos; muss ein Mapping von Namen auf Zeichenketten sein</translation>
    </message>
    <message>
        <source>%1:%2: &apos;exec.env&apos; values must be strings</source>
        <translation>%1:%2: die Werte von &apos;exec.env&apos; müssen Zeichenketten sein</translation>
    </message>
    <message>
        <source>%1:%2: predicates nest deeper than %3 levels</source>
        <translation>%1:%2: Prädikate sind tiefer als %3 Ebenen verschachtelt</translation>
    </message>
    <message>
        <source>%1:%2: &apos;%3&apos; must be a list of predicates</source>
        <translation>%1:%2: &apos;%3&apos; muss eine Liste von Prädikaten sein</translation>
    </message>
    <message>
        <source>%1:%2: a predicate is a mapping with one key, like path_exists: /usr/bin/git</source>
        <translation>%1:%2: ein Prädikat ist ein Mapping mit einem Schlüssel, etwa path_exists: /usr/bin/git</translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;%3&apos; takes a string</source>
        <translation>%1:%2: Prädikat &apos;%3&apos; erwartet eine Zeichenkette</translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;os&apos; takes windows, linux or macos (got &apos;%3&apos;)</source>
        <translation>%1:%2: Prädikat &apos;os&apos; erwartet windows, linux oder macos (erhalten: &apos;%3&apos;)</translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;%3&apos; takes a mapping with &apos;%4&apos; and &apos;%5&apos;</source>
        <translation>%1:%2: Prädikat &apos;%3&apos; erwartet ein Mapping mit &apos;%4&apos; und &apos;%5&apos;</translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;%3&apos; takes the strings &apos;%4&apos; and &apos;%5&apos;</source>
        <translation>%1:%2: Prädikat &apos;%3&apos; erwartet die Zeichenketten &apos;%4&apos; und &apos;%5&apos;</translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;%3&apos; needs &apos;%4&apos;</source>
        <translation>%1:%2: Prädikat &apos;%3&apos; braucht &apos;%4&apos;</translation>
    </message>
    <message>
        <source>%1:%2: predicate &apos;symlink_privilege&apos; takes no argument</source>
        <translation>%1:%2: Prädikat &apos;symlink_privilege&apos; erwartet kein Argument</translation>
    </message>
    <message>
        <source>%1:%2: unknown predicate &apos;%3&apos;</source>
        <translation>%1:%2: unbekanntes Prädikat &apos;%3&apos;</translation>
    </message>
    <message>
        <source>%1:%2: an override cannot change &apos;%3&apos; (&apos;%4&apos; in pack.yaml, &apos;%5&apos; here)</source>
        <translation>%1:%2: eine Überschreibung kann &apos;%3&apos; nicht ändern (&apos;%4&apos; in pack.yaml, &apos;%5&apos; hier)</translation>
    </message>
    <message>
        <source>%1:%2: symlink #%3 and symlink #%4 both create &apos;%5&apos;</source>
        <translation>%1:%2: symlink #%3 und symlink #%4 legen beide &apos;%5&apos; an</translation>
    </message>
    <message>
        <source>cancelled while waiting for the lock of %1</source>
        <translation>abgebrochen beim Warten auf die Sperre von %1</translation>
    </message>
    <message>
        <source>the pack %1 is in use</source>
        <translation>das Pack %1 wird gerade verwendet</translation>
    </message>
    <message>
        <source>cancelled while waiting for a slot</source>
        <translation>abgebrochen beim Warten auf einen freien Slot</translation>
    </message>
    <message>
        <source>%1: variable &apos;%3&apos; (at byte %2) is not defined</source>
        <translation>%1: Variable &apos;%3&apos; (bei Byte %2) ist nicht definiert</translation>
    </message>
    <message>
        <source>%1: &apos;${&apos; at byte %2 is never closed with &apos;}&apos;</source>
        <translation>%1: &apos;${&apos; bei Byte %2 wird nie mit &apos;}&apos; geschlossen</translation>
    </message>
    <message>
        <source>%1: &apos;${}&apos; at byte %2 names no variable</source>
        <translation>%1: &apos;${}&apos; bei Byte %2 benennt keine Variable</translation>
    </message>
    <message>
        <source>%1: &apos;%3&apos; at byte %2 is not a valid variable name</source>
        <translation>%1: &apos;%3&apos; bei Byte %2 ist kein gültiger Variablenname</translation>
    </message>
    <message>
        <source>%1: &apos;$&apos; at byte %2 is not followed by a variable name (&apos;%3&apos;); write &apos;$$&apos; for a literal &apos;$&apos;</source>
        <translation>%1: auf &apos;$&apos; bei Byte %2 folgt kein Variablenname (&apos;%3&apos;); für ein wörtliches &apos;$&apos; &apos;$$&apos; schreiben</translation>
    </message>
    <message>
        <source>%1: &apos;%&apos; at byte %2 is never closed; write &apos;%%&apos; for a literal &apos;%&apos;</source>
        <translation>%1: &apos;%&apos; bei Byte %2 wird nie geschlossen; für ein wörtliches &apos;%&apos; &apos;%%&apos; schreiben</translation>
    </message>
    <message>
        <source>%1: &apos;%3&apos; at byte %2 is not a valid variable name; write &apos;%%&apos; for a literal &apos;%&apos;</source>
        <translation>%1: &apos;%3&apos; bei Byte %2 ist kein gültiger Variablenname; für ein wörtliches &apos;%&apos; &apos;%%&apos; schreiben</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; stays registered; fix the problem and run grex sync</source>
        <translation>Pack &apos;%1&apos; bleibt registriert; das Problem beheben und grex sync ausführen</translation>
    </message>
    <message>
        <source>remove pack &apos;%1&apos; and delete %2 with its children %3</source>
        <translation>Pack &apos;%1&apos; entfernen und %2 mit seinen Kindern %3 löschen</translation>
    </message>
    <message>
        <source>nothing was removed; retry, or remove without the teardown: grex rm %1 --skip-teardown</source>
        <translation>nichts wurde entfernt; erneut versuchen oder ohne Abbau entfernen: grex rm %1 --skip-teardown</translation>
    </message>
    <message>
        <source>the files of %1 are in %2; move them back</source>
        <translation>die Dateien von %1 liegen in %2; sie zurückverschieben</translation>
    </message>
    <message>
        <source>--only must not be empty</source>
        <translation>--only darf nicht leer sein</translation>
    </message>
    <message>
        <source>Sync packs</source>
        <translation>Packs synchronisieren</translation>
    </message>
    <message>
        <source>Sync all packs recursively.</source>
        <translation>Alle Packs rekursiv synchronisieren.</translation>
    </message>
    <message>
        <source>Sync this pack and its children instead of the workspace (root-pack mode).</source>
        <translation>Dieses Pack und seine Kinder statt des Arbeitsbereichs synchronisieren (Wurzelpack-Modus).</translation>
    </message>
    <message>
        <source>Root-pack mode: where children are cloned (default: &lt;pack_root&gt;/.grex/workspace).</source>
        <translation>Wurzelpack-Modus: wohin die Kinder geklont werden (Standard: &lt;pack_root&gt;/.grex/workspace).</translation>
    </message>
    <message>
        <source>Check out this ref in every pack but the root.</source>
        <translation>Diese Referenz in jedem Pack außer der Wurzel auschecken.</translation>
    </message>
    <message>
        <source>Run only packs whose workspace path matches this glob (repeatable).</source>
        <translation>Nur Packs ausführen, deren Pfad im Arbeitsbereich auf dieses Glob-Muster passt (wiederholbar).</translation>
    </message>
    <message>
        <source>Run every pack, even when its actions and commit did not change.</source>
        <translation>Jedes Pack ausführen, auch wenn sich seine Aktionen und sein Commit nicht geändert haben.</translation>
    </message>
    <message>
        <source>Only fetch and clone; run no pack lifecycle.</source>
        <translation>Nur fetchen und klonen; keinen Pack-Lebenszyklus ausführen.</translation>
    </message>
    <message>
        <source>Do not walk into children.</source>
        <translation>Nicht in Kinder absteigen.</translation>
    </message>
    <message>
        <source>Skip the plan validators (debugging only).</source>
        <translation>Die Plan-Validatoren überspringen (nur zur Fehlersuche).</translation>
    </message>
    <message>
        <source>After a failure, go on with packs that do not build on the failed one.</source>
        <translation>Nach einem Fehlschlag mit den Packs weitermachen, die nicht auf dem fehlgeschlagenen aufbauen.</translation>
    </message>
    <message>
        <source>Update packs</source>
        <translation>Packs aktualisieren</translation>
    </message>
    <message>
        <source>Update one or more packs (re-resolve refs, reinstall).</source>
        <translation>Ein oder mehrere Packs aktualisieren (Referenzen neu auflösen, neu installieren).</translation>
    </message>
    <message>
        <source>Update only this registered pack and its children.</source>
        <translation>Nur dieses registrierte Pack und seine Kinder aktualisieren.</translation>
    </message>
    <message>
        <source>Reinstall every pack, changed or not.</source>
        <translation>Jedes Pack neu installieren, ob geändert oder nicht.</translation>
    </message>
    <message>
        <source>Tear packs down</source>
        <translation>Packs abbauen</translation>
    </message>
    <message>
        <source>Undo what packs installed, parents first; keep them registered and cloned.</source>
        <translation>Rückgängig machen, was Packs installiert haben, Eltern zuerst; sie bleiben registriert und geklont.</translation>
    </message>
    <message>
        <source>Tear down this pack and its children instead of the workspace (root-pack mode).</source>
        <translation>Dieses Pack und seine Kinder statt des Arbeitsbereichs abbauen (Wurzelpack-Modus).</translation>
    </message>
    <message>
        <source>Root-pack mode: where the children are.</source>
        <translation>Wurzelpack-Modus: wo die Kinder liegen.</translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; of %2 must be from %3 to %4</source>
        <translation>Argument &apos;%1&apos; von %2 muss zwischen %3 und %4 liegen</translation>
    </message>
    <message>
        <source>invalid --filter at column %1: %2
  %3
  %4</source>
        <translation>ungültiger --filter in Spalte %1: %2
  %3
  %4</translation>
    </message>
    <message>
        <source>invalid glob &apos;%1&apos;: %2</source>
        <translation>ungültiges Glob-Muster &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>%1:%2: the key &apos;%3&apos; appears twice in the same mapping</source>
        <translation>%1:%2: der Schlüssel &apos;%3&apos; kommt im selben Mapping zweimal vor</translation>
    </message>
    <message>
        <source>%1:%2: malformed YAML: a quoted string that starts here is never closed</source>
        <translation>%1:%2: fehlerhaftes YAML: eine hier beginnende Zeichenkette in Anführungszeichen wird nie geschlossen</translation>
    </message>
    <message>
        <source>doctor found %1 problem(s); grex doctor --fix repairs %2 of them</source>
        <translation>doctor hat %1 Problem(e) gefunden; grex doctor --fix behebt %2 davon</translation>
    </message>
    <message>
        <source>doctor found %1 problem(s)</source>
        <translation>doctor hat %1 Problem(e) gefunden</translation>
    </message>
    <message>
        <source>exec needs a command to run (put -- before it when it has options)</source>
        <translation>exec braucht einen auszuführenden Befehl (-- davorsetzen, wenn er Optionen hat)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a command on PATH</source>
        <translation>&apos;%1&apos; ist kein Befehl im PATH</translation>
    </message>
    <message>
        <source>run &apos;%1&apos; in %2 pack(s): %3</source>
        <translation>&apos;%1&apos; in %2 Pack(s) ausführen: %3</translation>
    </message>
    <message>
        <source>running &apos;%1&apos; was not approved</source>
        <translation>das Ausführen von &apos;%1&apos; wurde nicht genehmigt</translation>
    </message>
    <message>
        <source>%1 done</source>
        <translation>%1 fertig</translation>
    </message>
    <message>
        <source>the command failed in %1 of %2 pack(s): %3</source>
        <translation>der Befehl ist in %1 von %2 Pack(s) fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>unknown --default-type &apos;%1&apos;: use meta, declarative or scripted</source>
        <translation>unbekannter --default-type &apos;%1&apos;: meta, declarative oder scripted verwenden</translation>
    </message>
    <message>
        <source>%1 is already registered from %2, not %3; left as it is</source>
        <translation>%1 ist bereits aus %2 registriert, nicht aus %3; bleibt unverändert</translation>
    </message>
    <message>
        <source>the packs are registered, but .gitignore was not updated: %1 (grex doctor --fix repairs it)</source>
        <translation>die Packs sind registriert, aber .gitignore wurde nicht aktualisiert: %1 (grex doctor --fix behebt das)</translation>
    </message>
    <message>
        <source>%1 of %2 entr(ies) cannot be imported (%3 imported, %4 skipped)</source>
        <translation>nicht importierbare Einträge: %1 von %2 (%3 importiert, %4 übersprungen)</translation>
    </message>
    <message>
        <source>run needs the name of an action</source>
        <translation>run braucht den Namen einer Aktion</translation>
    </message>
    <message>
        <source>there is no action called &apos;%1&apos;; the actions are %2</source>
        <translation>es gibt keine Aktion namens &apos;%1&apos;; die Aktionen sind %2</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is left out: %2</source>
        <translation>Pack &apos;%1&apos; wird ausgelassen: %2</translation>
    </message>
    <message>
        <source>run the &apos;%1&apos; actions of %2 pack(s): %3</source>
        <translation>die &apos;%1&apos;-Aktionen von %2 Pack(s) ausführen: %3</translation>
    </message>
    <message>
        <source>action &apos;%1&apos; failed in pack &apos;%2&apos;: %3</source>
        <translation>Aktion &apos;%1&apos; ist in Pack &apos;%2&apos; fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>invalid --stale-after &apos;%1&apos;: %2 (use a number and a unit s, m, h, d or w, like 7d or 12h)</source>
        <translation>ungültiges --stale-after &apos;%1&apos;: %2 (eine Zahl und eine Einheit s, m, h, d oder w verwenden, etwa 7d oder 12h)</translation>
    </message>
    <message>
        <source>Show pack status</source>
        <translation>Pack-Status anzeigen</translation>
    </message>
    <message>
        <source>Show what drifted: local changes, missing or stale packs, commits ahead or behind.</source>
        <translation>Anzeigen, was abweicht: lokale Änderungen, fehlende oder veraltete Packs, voraus- oder zurückliegende Commits.</translation>
    </message>
    <message>
        <source>Also show install times and who holds each pack&apos;s lock.</source>
        <translation>Auch Installationszeitpunkte anzeigen und wer die Sperre jedes Packs hält.</translation>
    </message>
    <message>
        <source>Count packs installed longer ago than this as stale (7d, 12h, 30m).</source>
        <translation>Packs, deren Installation länger zurückliegt, als veraltet zählen (7d, 12h, 30m).</translation>
    </message>
    <message>
        <source>Exit with 7 when any pack is not clean.</source>
        <translation>Mit Status 7 beenden, wenn ein Pack nicht sauber ist.</translation>
    </message>
    <message>
        <source>Check the workspace</source>
        <translation>Arbeitsbereich prüfen</translation>
    </message>
    <message>
        <source>Check the workspace for damage and drift; repair what can be repaired.</source>
        <translation>Den Arbeitsbereich auf Schäden und Abweichungen prüfen; reparieren, was sich reparieren lässt.</translation>
    </message>
    <message>
        <source>Repair what is marked fixable (.gitignore blocks, stale lock files) and list what changed.</source>
        <translation>Reparieren, was als behebbar markiert ist (.gitignore-Blöcke, verwaiste Sperrdateien), und auflisten, was sich geändert hat.</translation>
    </message>
    <message>
        <source>Compact grex.jsonl and drop orphan lockfile entries.</source>
        <translation>grex.jsonl verdichten und verwaiste Einträge aus grex.lock.jsonl entfernen.</translation>
    </message>
    <message>
        <source>Import repositories</source>
        <translation>Repositorys importieren</translation>
    </message>
    <message>
        <source>Register existing repositories as packs, without cloning or installing.</source>
        <translation>Vorhandene Repositorys als Packs registrieren, ohne sie zu klonen oder zu installieren.</translation>
    </message>
    <message>
        <source>Type of repositories without pack.yaml (default meta).</source>
        <translation>Typ von Repositorys ohne pack.yaml (Standard: meta).</translation>
    </message>
    <message>
        <source>Run an action</source>
        <translation>Aktion ausführen</translation>
    </message>
    <message>
        <source>Run the actions of one kind (symlink, exec, ...) of every matching pack.</source>
        <translation>Die Aktionen einer Art (symlink, exec, ...) in jedem passenden Pack ausführen.</translation>
    </message>
    <message>
        <source>Run a command in packs</source>
        <translation>Befehl in Packs ausführen</translation>
    </message>
    <message>
        <source>Run a command in the directory of every matching pack.</source>
        <translation>Einen Befehl im Verzeichnis jedes passenden Packs ausführen.</translation>
    </message>
    <message>
        <source>Join the command and its arguments and run them with sh -c.</source>
        <translation>Den Befehl und seine Argumente zusammenfügen und mit sh -c ausführen.</translation>
    </message>
    <message>
        <source>The program to run and its arguments (put -- before them when they have options).</source>
        <translation>Das auszuführende Programm und seine Argumente (-- davorsetzen, wenn sie Optionen enthalten).</translation>
    </message>
    <message>
        <source>the %1 tool does not take the argument &apos;%2&apos;</source>
        <translation>das Werkzeug %1 akzeptiert das Argument &apos;%2&apos; nicht</translation>
    </message>
    <message>
        <source>path %1 escapes workspace %2</source>
        <translation>der Pfad %1 führt aus dem Arbeitsbereich %2 heraus</translation>
    </message>
    <message>
        <source>the call was cancelled while the window was asking for approval</source>
        <translation>der Aufruf wurde abgebrochen, während das Fenster um Genehmigung bat</translation>
    </message>
    <message>
        <source>denied in the grex window</source>
        <translation>im grex-Fenster abgelehnt</translation>
    </message>
    <message>
        <source>denied in the grex window: %1</source>
        <translation>im grex-Fenster abgelehnt: %1</translation>
    </message>
    <message>
        <source>grex serve runs destructive tools only when a window or the client (by elicitation) approves them, or when started with --approve-destructive</source>
        <translation>grex serve führt destruktive Werkzeuge nur aus, wenn ein Fenster oder der Client (per Elicitation) sie genehmigt oder wenn es mit --approve-destructive gestartet wurde</translation>
    </message>
    <message>
        <source>the client did not answer the approval question</source>
        <translation>der Client hat die Genehmigungsfrage nicht beantwortet</translation>
    </message>
    <message>
        <source>the client answered &apos;%1&apos;</source>
        <translation>der Client hat &apos;%1&apos; geantwortet</translation>
    </message>
    <message>
        <source>the request is too large for the grex window to show, so it was not approved</source>
        <translation>die Anfrage ist zu groß, um im grex-Fenster angezeigt zu werden, daher wurde sie nicht genehmigt</translation>
    </message>
    <message>
        <source>the call was cancelled while it waited for approval</source>
        <translation>der Aufruf wurde abgebrochen, während er auf Genehmigung wartete</translation>
    </message>
    <message>
        <source>cannot move the clone of %1 to %2: %3</source>
        <translation>kann den Klon von %1 nicht nach %2 verschieben: %3</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is not valid Unicode</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: es ist kein gültiges Unicode</translation>
    </message>
    <message>
        <source>&apos;%1&apos; differs only in case from the pack &apos;%2&apos;; on a case-insensitive file system both would be one directory</source>
        <translation>&apos;%1&apos; unterscheidet sich nur in der Groß-/Kleinschreibung vom Pack &apos;%2&apos;; auf einem Dateisystem ohne Unterscheidung der Groß-/Kleinschreibung wären beide ein Verzeichnis</translation>
    </message>
    <message>
        <source>choose a name that differs in more than letter case</source>
        <translation>wählen Sie einen Namen, der sich nicht nur in der Groß-/Kleinschreibung unterscheidet</translation>
    </message>
    <message>
        <source>%1 is a symbolic link (to %2); grex does not follow links out of the workspace</source>
        <translation>%1 ist ein symbolischer Link (auf %2); grex folgt keinen Links aus dem Arbeitsbereich hinaus</translation>
    </message>
    <message>
        <source>replace the link with a real directory, or remove it</source>
        <translation>ersetzen Sie den Link durch ein echtes Verzeichnis, oder entfernen Sie ihn</translation>
    </message>
    <message>
        <source>%1:%2: the file is not valid UTF-8</source>
        <translation>%1:%2: die Datei ist kein gültiges UTF-8</translation>
    </message>
    <message>
        <source>%1:%2: malformed YAML: nested more than %3 levels deep</source>
        <translation>%1:%2: fehlerhaftes YAML: mehr als %3 Ebenen tief verschachtelt</translation>
    </message>
    <message>
        <source>an interrupted grex rm of &apos;%1&apos; was undone: %2 is back</source>
        <translation>ein unterbrochenes grex rm von &apos;%1&apos; wurde rückgängig gemacht: %2 ist wieder da</translation>
    </message>
    <message>
        <source>finished an interrupted grex rm of &apos;%1&apos;: deleted %2</source>
        <translation>ein unterbrochenes grex rm von &apos;%1&apos; wurde abgeschlossen: %2 gelöscht</translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; of %2 is not valid Unicode (it holds a lone surrogate)</source>
        <translation>Argument &apos;%1&apos; von %2 ist kein gültiges Unicode (es enthält ein einzelnes Surrogat)</translation>
    </message>
    <message>
        <source>pre-run recovery scan found %1 artifact(s): %2 backup(s), %3 rmdir tombstone(s), %4 moved-aside director(ies), %5 unfinished clone(s), %6 unfinished action(s), %7 lock(s) held elsewhere, %8 interrupted git operation(s), %9 unfinished write(s)</source>
        <translation>die Wiederherstellungsprüfung vor dem Lauf hat %1 Überrest(e) gefunden: Sicherungen: %2, rmdir-Tombstones: %3, beiseitegeschobene Verzeichnisse: %4, unfertige Klone: %5, unfertige Aktionen: %6, anderswo gehaltene Sperren: %7, unterbrochene Git-Vorgänge: %8, unfertige Schreibvorgänge: %9</translation>
    </message>
    <message>
        <source>an internal error (a bug in grex: please report it)</source>
        <translation>ein interner Fehler (ein Fehler in grex: bitte melden)</translation>
    </message>
    <message>
        <source>bad usage: an unknown option, a missing or invalid argument</source>
        <translation>falsche Verwendung: eine unbekannte Option, ein fehlendes oder ungültiges Argument</translation>
    </message>
    <message>
        <source>the workspace or a pack is busy: another grex holds its lock</source>
        <translation>der Arbeitsbereich oder ein Pack ist belegt: ein anderer grex-Prozess hält die Sperre</translation>
    </message>
    <message>
        <source>drift or damage found (status --fail-on-drift, doctor)</source>
        <translation>Abweichung oder Schaden gefunden (status --fail-on-drift, doctor)</translation>
    </message>
    <message>
        <source>an unknown pack type or action</source>
        <translation>ein unbekannter Pack-Typ oder eine unbekannte Aktion</translation>
    </message>
    <message>
        <source>a destructive verb (rm, run, exec) was not approved</source>
        <translation>ein destruktiver Befehl (rm, run, exec) wurde nicht genehmigt</translation>
    </message>
    <message>
        <source>interrupted (Ctrl-C, SIGTERM) or cancelled</source>
        <translation>unterbrochen (Strg+C, SIGTERM) oder abgebrochen</translation>
    </message>
    <message>
        <source>Make the current directory a workspace.</source>
        <translation>Das aktuelle Verzeichnis zu einem Arbeitsbereich machen.</translation>
    </message>
    <message>
        <source>Initialise a cloned workspace without cloning its packs.</source>
        <translation>Einen geklonten Arbeitsbereich initialisieren, ohne seine Packs zu klonen.</translation>
    </message>
    <message>
        <source>Clones the repository at URL into the workspace and registers it as a pack. PATH, the pack&apos;s directory and id, defaults to the last part of the URL without .git. The pack&apos;s .grex/pack.yaml decides its type; without one, --type does (meta by default).

Then add installs the pack: it clones the pack&apos;s children, runs the pack&apos;s actions or hooks after theirs, and records what it resolved in grex.lock.jsonl. When installing fails, the pack stays registered: fix the cause and run grex sync. With --dry-run, add only checks that the URL and the ref can be reached.</source>
        <translation>Klont das Repository unter URL in den Arbeitsbereich und registriert es als Pack. PATH, Verzeichnis und ID des Packs, ist standardmäßig der letzte Teil der URL ohne .git. Die .grex/pack.yaml des Packs bestimmt seinen Typ; fehlt sie, bestimmt ihn --type (standardmäßig meta).

Danach installiert add das Pack: Es klont die Kinder des Packs, führt nach deren Aktionen oder Hooks die des Packs aus und hält in grex.lock.jsonl fest, was es aufgelöst hat. Schlägt die Installation fehl, bleibt das Pack registriert: die Ursache beheben und grex sync ausführen. Mit --dry-run prüft add nur, ob URL und Referenz erreichbar sind.</translation>
    </message>
    <message>
        <source>Clone, register and install the pack dotfiles.</source>
        <translation>Das Pack dotfiles klonen, registrieren und installieren.</translation>
    </message>
    <message>
        <source>Name the pack my-tools and check out v2.</source>
        <translation>Das Pack my-tools nennen und v2 auschecken.</translation>
    </message>
    <message>
        <source>Register a local repository without installing it.</source>
        <translation>Ein lokales Repository registrieren, ohne es zu installieren.</translation>
    </message>
    <message>
        <source>Tear down and delete a pack, after asking.</source>
        <translation>Ein Pack nach Rückfrage abbauen und löschen.</translation>
    </message>
    <message>
        <source>Unregister a pack but keep its directory, without asking.</source>
        <translation>Ein Pack ohne Rückfrage abmelden, sein Verzeichnis aber behalten.</translation>
    </message>
    <message>
        <source>Lists the registered packs: id, type, path, ref and the checked-out commit. ls reads only the workspace&apos;s files and never touches the network. --tree adds the children each pack&apos;s pack.yaml declares, under their parents.</source>
        <translation>Listet die registrierten Packs auf: ID, Typ, Pfad, Referenz und den ausgecheckten Commit. ls liest nur die Dateien des Arbeitsbereichs und greift nie auf das Netzwerk zu. --tree zeigt zusätzlich unter ihren Eltern die Kinder an, die die pack.yaml jedes Packs deklariert.</translation>
    </message>
    <message>
        <source>The scripted packs, as one JSON document.</source>
        <translation>Die scripted-Packs als ein einziges JSON-Dokument.</translation>
    </message>
    <message>
        <source>Brings the whole workspace to what it declares, in parallel: clones missing packs and children, fetches and fast-forwards clean checkouts (a checkout with local changes or commits is left alone and reported), then installs each pack after its children and after the packs it depends_on. A pack whose commit and actions have not changed since its last install is skipped, so a second sync does nothing.

With PACK_ROOT, sync works on that pack and its children instead (root-pack mode). A failure halts the run: the packs in flight finish, and nothing new starts. Ctrl-C stops it the same way, and the next sync carries on.</source>
        <translation>Bringt den ganzen Arbeitsbereich parallel auf den Stand, den er deklariert: klont fehlende Packs und Kinder, fetcht saubere Checkouts und spult sie vor (ein Checkout mit lokalen Änderungen oder Commits bleibt unangetastet und wird gemeldet) und installiert dann jedes Pack nach seinen Kindern und nach den Packs, von denen es laut depends_on abhängt. Ein Pack, dessen Commit und Aktionen sich seit seiner letzten Installation nicht geändert haben, wird übersprungen, sodass ein zweites sync nichts tut.

Mit PACK_ROOT bearbeitet sync stattdessen dieses Pack und seine Kinder (Wurzelpack-Modus). Ein Fehlschlag hält den Lauf an: Die gerade bearbeiteten Packs werden noch abgeschlossen, und nichts Neues beginnt. Strg+C hält ihn auf dieselbe Weise an, und das nächste sync macht dort weiter.</translation>
    </message>
    <message>
        <source>Fetch, fast-forward and install every pack.</source>
        <translation>Jedes Pack fetchen, vorspulen und installieren.</translation>
    </message>
    <message>
        <source>Show what a sync would do.</source>
        <translation>Anzeigen, was eine Synchronisation tun würde.</translation>
    </message>
    <message>
        <source>Work on 16 packs at once, and go on past a failed pack.</source>
        <translation>16 Packs gleichzeitig bearbeiten und nach einem fehlgeschlagenen Pack weitermachen.</translation>
    </message>
    <message>
        <source>Reinstall only the packs under tools/, changed or not.</source>
        <translation>Nur die Packs unter tools/ neu installieren, ob geändert oder nicht.</translation>
    </message>
    <message>
        <source>Update one pack and reinstall it if it changed.</source>
        <translation>Ein Pack aktualisieren und neu installieren, falls es sich geändert hat.</translation>
    </message>
    <message>
        <source>Reinstall every pack.</source>
        <translation>Jedes Pack neu installieren.</translation>
    </message>
    <message>
        <source>Undoes what packs installed, parents before children: removes the symlinks, environment entries and directories their actions made, or runs their teardown hooks. The packs stay registered and cloned, and grex sync installs them again. teardown is not an MCP tool.</source>
        <translation>Macht rückgängig, was Packs installiert haben, Eltern vor Kindern: entfernt die symbolischen Links, Umgebungseinträge und Verzeichnisse, die ihre Aktionen angelegt haben, oder führt ihre teardown-Hooks aus. Die Packs bleiben registriert und geklont, und grex sync installiert sie wieder. teardown ist kein MCP-Werkzeug.</translation>
    </message>
    <message>
        <source>Show what tearing down every pack would undo.</source>
        <translation>Anzeigen, was der Abbau aller Packs rückgängig machen würde.</translation>
    </message>
    <message>
        <source>Undo what one pack installed.</source>
        <translation>Rückgängig machen, was ein einzelnes Pack installiert hat.</translation>
    </message>
    <message>
        <source>What drifted, pack by pack.</source>
        <translation>Was abweicht, Pack für Pack.</translation>
    </message>
    <message>
        <source>In a script: one JSON document, and exit 7 when anything drifted.</source>
        <translation>In einem Skript: ein einziges JSON-Dokument und Exit-Status 7, wenn etwas abweicht.</translation>
    </message>
    <message>
        <source>Only the packs with local changes or new upstream commits.</source>
        <translation>Nur die Packs mit lokalen Änderungen oder neuen Upstream-Commits.</translation>
    </message>
    <message>
        <source>Check the workspace.</source>
        <translation>Den Arbeitsbereich prüfen.</translation>
    </message>
    <message>
        <source>Check it and repair what can be repaired.</source>
        <translation>Ihn prüfen und reparieren, was sich reparieren lässt.</translation>
    </message>
    <message>
        <source>Register the clones already in the workspace.</source>
        <translation>Die bereits im Arbeitsbereich vorhandenen Klone registrieren.</translation>
    </message>
    <message>
        <source>Re-create every pack&apos;s symlinks.</source>
        <translation>Die symbolischen Links jedes Packs neu anlegen.</translation>
    </message>
    <message>
        <source>The last commit of every pack.</source>
        <translation>Der letzte Commit jedes Packs.</translation>
    </message>
    <message>
        <source>What changed in the packs with local changes.</source>
        <translation>Was sich in den Packs mit lokalen Änderungen geändert hat.</translation>
    </message>
    <message>
        <source>A shell pipeline in every pack, without asking.</source>
        <translation>Eine Shell-Pipeline in jedem Pack, ohne Rückfrage.</translation>
    </message>
    <message>
        <source>an MCP protocol error: grex serve&apos;s transport failed, or the server grex mcp talks to did</source>
        <translation>ein MCP-Protokollfehler: der Transport von grex serve ist gescheitert, oder der Server, mit dem grex mcp spricht</translation>
    </message>
    <message>
        <source>Checks the workspace for damage and drift: grex.jsonl and grex.lock.jsonl, the .gitignore blocks, registered packs missing on disk, unregistered directories, lock files of processes that are gone, and work an interrupted grex left unfinished. Each finding says what to do about it.

With --fix, doctor repairs what is marked fixable and lists what it changed; it never touches a pack&apos;s files or the intent log. --compact rewrites grex.jsonl to its shortest equivalent and drops the lockfile entries of packs that are gone. doctor exits with 0 when all is well, 7 when it found something, and 3 when grex.jsonl is damaged.</source>
        <translation>Prüft den Arbeitsbereich auf Schäden und Abweichungen: grex.jsonl und grex.lock.jsonl, die .gitignore-Blöcke, registrierte Packs, die auf der Platte fehlen, nicht registrierte Verzeichnisse, Sperrdateien von Prozessen, die es nicht mehr gibt, und Arbeit, die ein unterbrochenes grex unfertig hinterlassen hat. Jeder Befund sagt, was zu tun ist.

Mit --fix repariert doctor, was als reparierbar markiert ist, und listet auf, was es geändert hat; die Dateien eines Packs und das Absichtsprotokoll rührt es nie an. --compact schreibt grex.jsonl in seine kürzeste gleichwertige Form um und entfernt die Einträge von Packs aus grex.lock.jsonl, die es nicht mehr gibt. doctor endet mit 0, wenn alles in Ordnung ist, mit 7, wenn es etwas gefunden hat, und mit 3, wenn grex.jsonl beschädigt ist.</translation>
    </message>
    <message>
        <source>exec exited with status %1: %2; its stderr ends with: %3</source>
        <translation>exec wurde mit Status %1 beendet: %2; seine Fehlerausgabe endet mit: %3</translation>
    </message>
    <message>
        <source>cannot read the status of %1: %2</source>
        <translation>kann den Status von %1 nicht lesen: %2</translation>
    </message>
    <message>
        <source>it keeps files in Git LFS and git-lfs is not installed, so they are pointer files: install git-lfs, run git lfs install, then git lfs pull in %1</source>
        <translation>es hält Dateien in Git LFS, und git-lfs ist nicht installiert, daher sind es Zeigerdateien: git-lfs installieren, git lfs install ausführen, dann git lfs pull in %1</translation>
    </message>
    <message>
        <source>it keeps files in Git LFS and git lfs install was never run, so they are pointer files: run git lfs install, then git lfs pull in %1</source>
        <translation>es hält Dateien in Git LFS, und git lfs install wurde nie ausgeführt, daher sind es Zeigerdateien: git lfs install ausführen, dann git lfs pull in %1</translation>
    </message>
    <message>
        <source>cannot fetch %1: %2</source>
        <translation>kann %1 nicht fetchen: %2</translation>
    </message>
    <message>
        <source>cannot check out %1 in %2: cannot write %3</source>
        <translation>kann %1 in %2 nicht auschecken: kann %3 nicht schreiben</translation>
    </message>
    <message>
        <source>untracked files are in the way of %1: %2; move or remove them</source>
        <translation>unversionierte Dateien stehen %1 im Weg: %2; verschieben oder entfernen</translation>
    </message>
    <message>
        <source>cannot check out %1 in %2: %3</source>
        <translation>kann %1 in %2 nicht auschecken: %3</translation>
    </message>
    <message>
        <source>HEAD is detached at %1; not moved</source>
        <translation>HEAD ist bei %1 losgelöst; nicht bewegt</translation>
    </message>
    <message>
        <source>the upstream branch %1 is gone from the remote (deleted or renamed); %2 not moved</source>
        <translation>der Upstream-Branch %1 ist nicht mehr auf dem Remote (gelöscht oder umbenannt); %2 nicht bewegt</translation>
    </message>
    <message>
        <source>the upstream branch %1 is gone from the remote (deleted or renamed), whose default branch is now %2; %3 not moved</source>
        <translation>der Upstream-Branch %1 ist nicht mehr auf dem Remote (gelöscht oder umbenannt), dessen Standard-Branch jetzt %2 ist; %3 nicht bewegt</translation>
    </message>
    <message>
        <source>cannot compare %1 with %2 in %3</source>
        <translation>kann %1 nicht mit %2 in %3 vergleichen</translation>
    </message>
    <message>
        <source>%1 was rewritten upstream (force-pushed): %2 commit(s) of %3 are no longer upstream and %4 new ones replace them; not moved</source>
        <translation>%1 wurde upstream umgeschrieben (force-push): %2 Commit(s) von %3 sind nicht mehr upstream, %4 neue ersetzen sie; nicht bewegt</translation>
    </message>
    <message>
        <source>the working tree has uncommitted changes (%1 file(s)) and is %2 commit(s) behind %3; not fast-forwarded</source>
        <translation>das Arbeitsverzeichnis hat nicht committete Änderungen (%1 Datei(en)) und ist %2 Commit(s) hinter %3; nicht vorgespult</translation>
    </message>
    <message>
        <source>git refuses a repository that belongs to another user; if you trust it: git config --global --add safe.directory %1</source>
        <translation>git lehnt ein Repository ab, das einem anderen Benutzer gehört; wenn Sie ihm vertrauen: git config --global --add safe.directory %1</translation>
    </message>
    <message>
        <source>the server did not accept your SSH key: load it with ssh-add, or name it with IdentityFile for %1 in ~/.ssh/config</source>
        <translation>der Server hat Ihren SSH-Schlüssel nicht angenommen: mit ssh-add laden oder mit IdentityFile für %1 in ~/.ssh/config angeben</translation>
    </message>
    <message>
        <source>give git the credentials through a credential helper (git config --global credential.helper store, or your platform&apos;s), then check them with: git ls-remote %1</source>
        <translation>geben Sie git die Zugangsdaten über einen Credential-Helper (git config --global credential.helper store oder den Ihrer Plattform) und prüfen Sie sie mit: git ls-remote %1</translation>
    </message>
    <message>
        <source>the host key of %1 changed: if that is expected, remove the old key with ssh-keygen -R %2 and add the new one after checking its fingerprint</source>
        <translation>der Host-Schlüssel von %1 hat sich geändert: wenn das erwartet ist, den alten mit ssh-keygen -R %2 entfernen und den neuen nach Prüfung seines Fingerabdrucks hinzufügen</translation>
    </message>
    <message>
        <source>%1 is not a known host: connect once in a terminal to check its fingerprint and accept it (ssh %2), or add its key with ssh-keyscan %3 &gt;&gt; ~/.ssh/known_hosts</source>
        <translation>%1 ist kein bekannter Host: einmal im Terminal verbinden, um den Fingerabdruck zu prüfen und anzunehmen (ssh %2), oder den Schlüssel mit ssh-keyscan %3 &gt;&gt; ~/.ssh/known_hosts hinzufügen</translation>
    </message>
    <message>
        <source>git does not trust the certificate of %1: set http.sslCAInfo to the file of the authority that signed it (git config --global http.sslCAInfo /path/to/ca.pem)</source>
        <translation>git vertraut dem Zertifikat von %1 nicht: http.sslCAInfo auf die Datei der Zertifizierungsstelle setzen, die es signiert hat (git config --global http.sslCAInfo /pfad/zu/ca.pem)</translation>
    </message>
    <message>
        <source>check the URL: the repository may have moved or been deleted, or your account cannot see it</source>
        <translation>URL prüfen: das Repository wurde vielleicht verschoben oder gelöscht, oder Ihr Konto sieht es nicht</translation>
    </message>
    <message>
        <source>check the address, the network and any proxy settings; git ls-remote %1 shows the same error</source>
        <translation>Adresse, Netzwerk und Proxy-Einstellungen prüfen; git ls-remote %1 zeigt denselben Fehler</translation>
    </message>
    <message>
        <source>the server stopped answering; GREX_NETWORK_TIMEOUT sets how many seconds grex waits (now %1)</source>
        <translation>der Server antwortet nicht mehr; GREX_NETWORK_TIMEOUT legt fest, wie viele Sekunden grex wartet (jetzt %1)</translation>
    </message>
    <message>
        <source>grex needs git, and there is no git on PATH</source>
        <translation>grex braucht git, und im PATH ist kein git</translation>
    </message>
    <message>
        <source>install it (on Debian: sudo apt install git)</source>
        <translation>installieren Sie es (unter Debian: sudo apt install git)</translation>
    </message>
    <message>
        <source>cannot run git: %1</source>
        <translation>kann git nicht ausführen: %1</translation>
    </message>
    <message>
        <source>%1 belongs to another user, and git&apos;s safe.directory does not list it</source>
        <translation>%1 gehört einem anderen Benutzer, und gits safe.directory führt es nicht auf</translation>
    </message>
    <message>
        <source>if you trust it: git config --global --add safe.directory %1</source>
        <translation>wenn Sie ihm vertrauen: git config --global --add safe.directory %1</translation>
    </message>
    <message>
        <source>cannot give the credential to git: %1</source>
        <translation>kann die Zugangsdaten nicht an git übergeben: %1</translation>
    </message>
    <message>
        <source>invalid clone filter &apos;%1&apos; (use blob:none, blob:limit=1m, tree:0, object:type=blob or combine:A+B)</source>
        <translation>ungültiger Klon-Filter &apos;%1&apos; (blob:none, blob:limit=1m, tree:0, object:type=blob oder combine:A+B verwenden)</translation>
    </message>
    <message>
        <source>invalid depth %1: a shallow clone keeps at least 1 and at most 1000000 commits</source>
        <translation>ungültige Tiefe %1: ein flacher Klon behält mindestens 1 und höchstens 1000000 Commits</translation>
    </message>
    <message>
        <source>the URL %1 carries a password or access token, which grex would write into grex.jsonl for anyone who reads it</source>
        <translation>die URL %1 enthält ein Passwort oder Zugangstoken, das grex für jeden lesbar in grex.jsonl schreiben würde</translation>
    </message>
    <message>
        <source>give it to git instead: git config --global credential.helper store (or your platform&apos;s helper), run git ls-remote with the URL without it once to log in, then use that URL here; or use SSH</source>
        <translation>geben Sie es stattdessen git: git config --global credential.helper store (oder den Helper Ihrer Plattform), einmal git ls-remote mit der URL ohne es ausführen, um sich anzumelden, dann diese URL hier verwenden; oder SSH verwenden</translation>
    </message>
    <message>
        <source>%1:%2: a child&apos;s &apos;depth&apos; must be a whole number of at least 1</source>
        <translation>%1:%2: &apos;depth&apos; eines Kindes muss eine ganze Zahl von mindestens 1 sein</translation>
    </message>
    <message>
        <source>%1:%2: %3</source>
        <translation>%1:%2: %3</translation>
    </message>
    <message>
        <source>grex add --filter takes git&apos;s partial-clone filter (blob:none, blob:limit=1m, tree:0, object:type=blob, combine:A+B), not &apos;%1&apos;</source>
        <translation>grex add --filter nimmt gits Partial-Clone-Filter (blob:none, blob:limit=1m, tree:0, object:type=blob, combine:A+B), nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>keep the directory with --keep-files, or delete anyway with --force</source>
        <translation>das Verzeichnis mit --keep-files behalten oder mit --force trotzdem löschen</translation>
    </message>
    <message>
        <source>cannot confirm that the remote of pack &apos;%1&apos; still has its commits (%2); nothing was removed</source>
        <translation>kann nicht bestätigen, dass das Remote von Pack &apos;%1&apos; seine Commits noch hat (%2); nichts wurde entfernt</translation>
    </message>
    <message>
        <source>the remote of pack &apos;%1&apos; does not have %2 of its commits, which exist only in %3; nothing was removed</source>
        <translation>dem Remote von Pack &apos;%1&apos; fehlen %2 seiner Commits, die nur in %3 existieren; nichts wurde entfernt</translation>
    </message>
    <message>
        <source>push them first, keep the directory with --keep-files, or delete anyway with --force</source>
        <translation>zuerst pushen, das Verzeichnis mit --keep-files behalten oder mit --force trotzdem löschen</translation>
    </message>
    <message>
        <source>Clone only the last N commits (git clone --depth); later syncs keep the pack that shallow.</source>
        <translation>Nur die letzten N Commits klonen (git clone --depth); spätere Syncs halten das Pack so flach.</translation>
    </message>
    <message>
        <source>Partial clone (git clone --filter): blob:none fetches file contents only when they are checked out.</source>
        <translation>Partieller Klon (git clone --filter): blob:none holt Dateiinhalte erst, wenn sie ausgecheckt werden.</translation>
    </message>
    <message>
        <source>Set an environment variable for the rest of the run (session), the user or the machine.</source>
        <translation>Eine Umgebungsvariable für den Rest des Laufs (session), den Benutzer oder die Maschine setzen.</translation>
    </message>
    <message>
        <source>Run a command in the pack directory, as a list of arguments or through the shell.</source>
        <translation>Einen Befehl im Pack-Verzeichnis ausführen, als Liste von Argumenten oder über die Shell.</translation>
    </message>
    <message>
        <source>Create a directory with its parents, with a mode when one is given.</source>
        <translation>Ein Verzeichnis samt übergeordneten Verzeichnissen anlegen, mit Zugriffsrechten, wenn welche angegeben sind.</translation>
    </message>
    <message>
        <source>Check predicates; when they do not hold, fail the pack, warn, or skip the rest of its actions.</source>
        <translation>Prädikate prüfen; gelten sie nicht, scheitert das Pack, es gibt eine Warnung, oder der Rest seiner Aktionen wird übersprungen.</translation>
    </message>
    <message>
        <source>Remove a directory: only when it is empty, with its contents (force), or by moving it aside (backup).</source>
        <translation>Ein Verzeichnis entfernen: nur wenn es leer ist, samt Inhalt (force) oder indem es beiseitegeschoben wird (backup).</translation>
    </message>
    <message>
        <source>Create a symbolic link dst pointing at src, moving aside what is in the way when asked.</source>
        <translation>Einen symbolischen Link dst anlegen, der auf src zeigt; was im Weg ist, wird auf Wunsch beiseitegeschoben.</translation>
    </message>
    <message>
        <source>Run nested actions when the operating system and the predicates match.</source>
        <translation>Verschachtelte Aktionen ausführen, wenn Betriebssystem und Prädikate passen.</translation>
    </message>
    <message>
        <source>%1:%2: unknown action &apos;%3&apos; (the actions are %4 and %5)</source>
        <translation>%1:%2: unbekannte Aktion &apos;%3&apos; (die Aktionen sind %4 und %5)</translation>
    </message>
    <message>
        <source>%1 must be a whole number from 0 to %2, not &apos;%3&apos;</source>
        <translation>%1 muss eine ganze Zahl von 0 bis %2 sein, nicht &apos;%3&apos;</translation>
    </message>
    <message>
        <source>The action to run: %1 or %2.</source>
        <translation>Die auszuführende Aktion: %1 oder %2.</translation>
    </message>
    <message>
        <source>Removes a registered pack: runs its teardown, which undoes what its actions installed, deletes its directory and those of its children that no other pack owns, and records the removal. It refuses to delete work that exists nowhere else (uncommitted changes, unpushed commits, stashes) unless --force is given.

An rm that was interrupted is finished or undone by the next grex rm or grex sync.</source>
        <translation>Entfernt ein registriertes Pack: führt seinen Abbau aus, der rückgängig macht, was seine Aktionen installiert haben, löscht sein Verzeichnis und die Verzeichnisse seiner Kinder, die keinem anderen Pack gehören, und verzeichnet das Entfernen. Arbeit, die nirgends sonst existiert (nicht committete Änderungen, nicht gepushte Commits, Stashes), löscht es nur mit --force.

Ein unterbrochenes rm wird vom nächsten grex rm oder grex sync abgeschlossen oder rückgängig gemacht.</translation>
    </message>
    <message>
        <source>Runs only the actions named ACTION of every matching pack, and those inside a when block whose condition holds, without updating the lockfile and without skipping unchanged packs: grex run symlink re-creates the symlinks, for example.</source>
        <translation>Führt in jedem passenden Pack nur die Aktionen namens ACTION aus, dazu die in einem when-Block, dessen Bedingung erfüllt ist, ohne grex.lock.jsonl zu aktualisieren und ohne unveränderte Packs zu überspringen: grex run symlink etwa legt die symbolischen Links neu an.</translation>
    </message>
    <message>
        <source>Run one pack&apos;s exec actions again, from a script.</source>
        <translation>Die exec-Aktionen eines einzelnen Packs aus einem Skript erneut ausführen.</translation>
    </message>
    <message>
        <source>Runs a command in the directory of every matching pack, in parallel, and prints its output grouped by pack. It exits with 4 when the command failed in any pack. Put -- before the command when it has options of its own.</source>
        <translation>Führt einen Befehl parallel im Verzeichnis jedes passenden Packs aus und gibt seine Ausgabe nach Packs gruppiert aus. Es beendet sich mit 4, wenn der Befehl in einem Pack fehlgeschlagen ist. -- vor den Befehl setzen, wenn er eigene Optionen hat.</translation>
    </message>
    <message>
        <source>local changes</source>
        <translation>lokale Änderungen</translation>
    </message>
    <message>
        <source>diverged</source>
        <translation>divergiert</translation>
    </message>
    <message>
        <source>rewritten upstream</source>
        <translation>upstream umgeschrieben</translation>
    </message>
    <message>
        <source>detached HEAD</source>
        <translation>losgelöster HEAD</translation>
    </message>
    <message>
        <source>no upstream</source>
        <translation>kein Upstream</translation>
    </message>
    <message>
        <source>upstream gone</source>
        <translation>Upstream verschwunden</translation>
    </message>
    <message>
        <source>untracked files in the way</source>
        <translation>unversionierte Dateien im Weg</translation>
    </message>
    <message>
        <source>no commit yet</source>
        <translation>noch kein Commit</translation>
    </message>
    <message>
        <source>status: %1 of %2 pack(s) could not be fetched: %3</source>
        <translation>status: %1 von %2 Pack(s) konnten nicht abgerufen werden: %3</translation>
    </message>
    <message>
        <source>Fetch every pack first, then show what is new upstream.</source>
        <translation>Zuerst jedes Pack abrufen, dann zeigen, was upstream neu ist.</translation>
    </message>
    <message>
        <source>Fetch every pack first, in parallel (no working tree changes), then report.</source>
        <translation>Zuerst jedes Pack parallel abrufen (ohne Änderungen an Arbeitsverzeichnissen), dann berichten.</translation>
    </message>
    <message>
        <source>tags of pack &apos;%1&apos;, which is not registered, ignored</source>
        <translation>Tags des Packs &apos;%1&apos;, das nicht registriert ist, ignoriert</translation>
    </message>
    <message>
        <source>invalid tag &apos;%1&apos;: a tag cannot be empty</source>
        <translation>ungültiges Tag &apos;%1&apos;: ein Tag darf nicht leer sein</translation>
    </message>
    <message>
        <source>invalid tag &apos;%1&apos;: a tag has at most 40 characters</source>
        <translation>ungültiges Tag &apos;%1&apos;: ein Tag hat höchstens 40 Zeichen</translation>
    </message>
    <message>
        <source>invalid tag &apos;%1&apos;: a tag starts with a letter or a digit</source>
        <translation>ungültiges Tag &apos;%1&apos;: ein Tag beginnt mit einem Buchstaben oder einer Ziffer</translation>
    </message>
    <message>
        <source>invalid tag &apos;%1&apos;: a tag holds only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;</source>
        <translation>ungültiges Tag &apos;%1&apos;: ein Tag enthält nur Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos;</translation>
    </message>
    <message>
        <source>%1 tags are too many: a pack has at most %2</source>
        <translation>%1 Tags sind zu viele: ein Pack hat höchstens %2</translation>
    </message>
    <message>
        <source>%1:%2: a child must be a mapping with &apos;url&apos; and optional &apos;path&apos;, &apos;ref&apos;, &apos;depth&apos;, &apos;filter&apos; and &apos;tags&apos;</source>
        <translation>%1:%2: ein Kind muss eine Zuordnung mit &apos;url&apos; und optional &apos;path&apos;, &apos;ref&apos;, &apos;depth&apos;, &apos;filter&apos; und &apos;tags&apos; sein</translation>
    </message>
    <message>
        <source>tag &apos;%1&apos; is both added and removed</source>
        <translation>Tag &apos;%1&apos; wird zugleich hinzugefügt und entfernt</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is a child of &apos;%2&apos;: tag it in the children entry of %3</source>
        <translation>Pack &apos;%1&apos; ist ein Kind von &apos;%2&apos;: vergib seine Tags im children-Eintrag von %3</translation>
    </message>
    <message>
        <source>tag &apos;%1&apos; of pack &apos;%2&apos; comes from its pack.yaml; remove it there</source>
        <translation>Tag &apos;%1&apos; von Pack &apos;%2&apos; stammt aus seiner pack.yaml; entferne es dort</translation>
    </message>
    <message>
        <source>Add a pack with two tags.</source>
        <translation>Ein Pack mit zwei Tags hinzufügen.</translation>
    </message>
    <message>
        <source>Tag the pack (repeatable); --filter tag=TAG selects packs by tag.</source>
        <translation>Das Pack taggen (wiederholbar); --filter tag=TAG wählt Packs nach Tag aus.</translation>
    </message>
    <message>
        <source>Tag a pack</source>
        <translation>Ein Pack taggen</translation>
    </message>
    <message>
        <source>Show the tags of dotfiles.</source>
        <translation>Die Tags von dotfiles zeigen.</translation>
    </message>
    <message>
        <source>Tag dotfiles home, and no longer work.</source>
        <translation>dotfiles mit home taggen und nicht mehr mit work.</translation>
    </message>
    <message>
        <source>Sync only the packs tagged work.</source>
        <translation>Nur die mit work getaggten Packs synchronisieren.</translation>
    </message>
    <message>
        <source>The pack (its path or id).</source>
        <translation>Das Pack (sein Pfad oder seine ID).</translation>
    </message>
    <message>
        <source>cannot read the changes of %1</source>
        <translation>die Änderungen von %1 sind nicht lesbar</translation>
    </message>
    <message>
        <source>call the tool again without requestState to be asked anew</source>
        <translation>rufen Sie das Werkzeug ohne requestState erneut auf, um neu gefragt zu werden</translation>
    </message>
    <message>
        <source>requestState is too long</source>
        <translation>requestState ist zu lang</translation>
    </message>
    <message>
        <source>requestState is malformed</source>
        <translation>requestState ist fehlerhaft</translation>
    </message>
    <message>
        <source>requestState was not issued by this server, or was altered</source>
        <translation>requestState wurde nicht von diesem Server ausgegeben oder wurde verändert</translation>
    </message>
    <message>
        <source>requestState belongs to another tool call (a different tool or other arguments)</source>
        <translation>requestState gehört zu einem anderen Werkzeugaufruf (ein anderes Werkzeug oder andere Argumente)</translation>
    </message>
    <message>
        <source>the approval has expired</source>
        <translation>die Freigabe ist abgelaufen</translation>
    </message>
    <message>
        <source>the approval was used already</source>
        <translation>die Freigabe wurde bereits verwendet</translation>
    </message>
    <message>
        <source>the plan changed since it was approved; call the tool again to be asked anew</source>
        <translation>der Plan hat sich seit der Freigabe geändert; rufen Sie das Werkzeug erneut auf, um neu gefragt zu werden</translation>
    </message>
    <message>
        <source>waiting for the client&apos;s answer</source>
        <translation>wartet auf die Antwort des Clients</translation>
    </message>
    <message>
        <source>requestState must be a string</source>
        <translation>requestState muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>cannot repack %1: %2</source>
        <translation>%1 kann nicht neu gepackt werden: %2</translation>
    </message>
    <message>
        <source>git gc --auto left %1 past git&apos;s limits (%2); run git gc there to see why</source>
        <translation>git gc --auto hat %1 über den Grenzen von git gelassen (%2); führen Sie dort git gc aus, um den Grund zu sehen</translation>
    </message>
    <message>
        <source>a submodule was not brought in: %1</source>
        <translation>ein Submodul wurde nicht geholt: %1</translation>
    </message>
    <message>
        <source>a submodule was not brought in: %1 (hint: %2)</source>
        <translation>ein Submodul wurde nicht geholt: %1 (Hinweis: %2)</translation>
    </message>
    <message>
        <source>cancelled while fetching, with %1 of %2 pack(s) ready; not fetched or cloned: %3; nothing was installed; run it again to finish</source>
        <translation>beim Abrufen abgebrochen, %1 von %2 Pack(s) bereit; nicht abgerufen oder geklont: %3; nichts wurde installiert; zum Abschließen erneut ausführen</translation>
    </message>
    <message>
        <source>%1 has no remote to compare with</source>
        <translation>%1 hat kein Remote zum Vergleichen</translation>
    </message>
    <message>
        <source>your key %1 is protected by a passphrase and no ssh-agent holds it, and grex never asks for one: add it to your agent (ssh-add %1), then run grex again</source>
        <translation>Ihr Schlüssel %1 ist durch eine Passphrase geschützt, kein ssh-agent hält ihn, und grex fragt nie nach einer: fügen Sie ihn Ihrem Agenten hinzu (ssh-add %1) und führen Sie grex erneut aus</translation>
    </message>
    <message>
        <source>give git the credentials through a credential helper (git config --global credential.helper store, or your platform&apos;s)</source>
        <translation>geben Sie git die Zugangsdaten über einen Credential-Helper (git config --global credential.helper store oder den Ihrer Plattform)</translation>
    </message>
    <message>
        <source>check the address, the network and any proxy settings</source>
        <translation>prüfen Sie die Adresse, das Netzwerk und etwaige Proxy-Einstellungen</translation>
    </message>
    <message>
        <source>git asked your askpass program (GIT_ASKPASS or core.askPass) for credentials: answer its question when it comes (GREX_PROMPT_TIMEOUT sets how many seconds grex waits, now %1), or give them to a credential helper</source>
        <translation>git hat Ihr Askpass-Programm (GIT_ASKPASS oder core.askPass) nach Zugangsdaten gefragt: beantworten Sie die Frage, wenn sie erscheint (GREX_PROMPT_TIMEOUT legt fest, wie viele Sekunden grex wartet, jetzt %1), oder geben Sie sie einem Credential-Helper</translation>
    </message>
    <message>
        <source>submodule &apos;%1&apos; (%2): %3</source>
        <translation>Submodul &apos;%1&apos; (%2): %3</translation>
    </message>
    <message>
        <source>the last fetch (%1) failed: %2</source>
        <translation>der letzte Abruf (%1) ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>its %1 hook failed (exit %2): %3</source>
        <translation>sein %1-Hook ist fehlgeschlagen (Exit %2): %3</translation>
    </message>
    <message>
        <source>%1 uses the SHA-256 object format, which grex cannot read yet (its libgit2 1.5 knows SHA-1 only)</source>
        <translation>%1 verwendet das Objektformat SHA-256, das grex noch nicht lesen kann (seine libgit2 1.5 kennt nur SHA-1)</translation>
    </message>
    <message>
        <source>%1 uses the repository extension %2, which grex&apos;s libgit2 1.5 cannot read</source>
        <translation>%1 verwendet die Repository-Erweiterung %2, die die libgit2 1.5 von grex nicht lesen kann</translation>
    </message>
    <message>
        <source>git itself can read it, grex cannot manage it: keep it out of the workspace</source>
        <translation>git selbst kann es lesen, grex kann es nicht verwalten: halten Sie es aus dem Arbeitsbereich heraus</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it begins or ends with a space</source>
        <translation>ungültige URL &apos;%1&apos;: sie beginnt oder endet mit einem Leerzeichen</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: an http(s) URL writes a space as %20</source>
        <translation>ungültige URL &apos;%1&apos;: eine http(s)-URL schreibt ein Leerzeichen als %20</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: the host part contains a space</source>
        <translation>ungültige URL &apos;%1&apos;: der Host-Teil enthält ein Leerzeichen</translation>
    </message>
    <message>
        <source>--ref changes the ref of one pack: name it (grex update PACK --ref %1)</source>
        <translation>--ref ändert die Referenz eines Packs: nennen Sie es (grex update PACK --ref %1)</translation>
    </message>
    <message>
        <source>Leave the packs&apos; submodules as they are: neither clone nor update them in this run.</source>
        <translation>Die Submodule der Packs lassen, wie sie sind: in diesem Lauf weder klonen noch aktualisieren.</translation>
    </message>
    <message>
        <source>Leave the pack&apos;s submodules out, now and in every later sync (recorded in grex.jsonl).</source>
        <translation>Die Submodule des Packs auslassen, jetzt und bei jedem späteren Sync (in grex.jsonl vermerkt).</translation>
    </message>
    <message>
        <source>Fetches and re-resolves each pack&apos;s ref as sync does, then reinstalls the packs whose commit or actions changed since their last install (all of them with --force), and says why for each: new, sha-changed, hash-changed, forced, interrupted (the last install was cut off) or none. With PACK, only that pack and its children.</source>
        <translation>Ruft ab und löst die Referenz jedes Packs auf wie sync, installiert dann die Packs neu, deren Commit oder Aktionen sich seit der letzten Installation geändert haben (mit --force alle), und nennt für jedes den Grund: new, sha-changed, hash-changed, forced, interrupted (die letzte Installation wurde unterbrochen) oder none. Mit PACK nur dieses Pack und seine Kinder.</translation>
    </message>
    <message>
        <source>Make the pack follow the branch trunk from now on (after its remote renamed master to trunk) and switch to it.</source>
        <translation>Das Pack ab jetzt dem Branch trunk folgen lassen (nachdem sein Remote master in trunk umbenannt hat) und zu ihm wechseln.</translation>
    </message>
    <message>
        <source>With PACK: the branch, tag or commit the pack follows from now on; recorded in grex.jsonl and checked out (a branch of the remote as a tracking branch) unless the working tree has changes.</source>
        <translation>Mit PACK: der Branch, das Tag oder der Commit, dem das Pack ab jetzt folgt; in grex.jsonl vermerkt und ausgecheckt (ein Branch des Remotes als Tracking-Branch), außer der Arbeitsbaum hat Änderungen.</translation>
    </message>
    <message>
        <source>an argument of %1 contains a NUL character, which no program can be given; nothing was run</source>
        <translation>ein Argument von %1 enthält ein NUL-Zeichen, das kein Programm erhalten kann; nichts wurde ausgeführt</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it contains %2, a character that is invisible or changes how the name reads</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er enthält %2, ein Zeichen, das unsichtbar ist oder die Lesart des Namens ändert</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: it contains %2, a character that is invisible or changes how the URL reads</source>
        <translation>ungültige URL &apos;%1&apos;: sie enthält %2, ein Zeichen, das unsichtbar ist oder die Lesart der URL ändert</translation>
    </message>
    <message>
        <source>word %1 of the command is not a string</source>
        <translation>Wort %1 des Befehls ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>word %1 of the command, %2, contains a NUL character, which no program can be given</source>
        <translation>Wort %1 des Befehls, %2, enthält ein NUL-Zeichen, das kein Programm erhalten kann</translation>
    </message>
    <message>
        <source>%1 is inside the pack &apos;%2&apos; of the workspace %3; a workspace there would clone into that pack</source>
        <translation>%1 liegt im Pack &apos;%2&apos; des Arbeitsbereichs %3; ein Arbeitsbereich dort würde in dieses Pack klonen</translation>
    </message>
    <message>
        <source>grex already works here: run it from this folder, or any folder of %1, to use that workspace</source>
        <translation>grex arbeitet hier bereits: Führen Sie es in diesem Ordner oder einem beliebigen Ordner von %1 aus, um diesen Arbeitsbereich zu verwenden</translation>
    </message>
    <message>
        <source>GREX_WORKSPACE=%1 is not a directory</source>
        <translation>GREX_WORKSPACE=%1 ist kein Verzeichnis</translation>
    </message>
    <message>
        <source>run grex inside a workspace (any folder in it will do), name one with -C DIR, --manifest or GREX_WORKSPACE, or create one with &apos;grex init&apos; in the folder that is to hold your repositories, not inside this repository</source>
        <translation>führen Sie grex in einem Arbeitsbereich aus (jeder Ordner darin genügt), nennen Sie einen mit -C DIR, --manifest oder GREX_WORKSPACE, oder legen Sie einen mit &apos;grex init&apos; in dem Ordner an, der Ihre Repositorys enthalten soll, nicht in diesem Repository</translation>
    </message>
    <message>
        <source>run grex inside a workspace (any folder in it will do), name one with -C DIR, --manifest or GREX_WORKSPACE, or create one here with &apos;grex init&apos;</source>
        <translation>führen Sie grex in einem Arbeitsbereich aus (jeder Ordner darin genügt), nennen Sie einen mit -C DIR, --manifest oder GREX_WORKSPACE, oder legen Sie hier einen mit &apos;grex init&apos; an</translation>
    </message>
    <message>
        <source>%1: %2 of %3 pack(s) failed: %4</source>
        <translation>%1: %2 von %3 Pack(s) fehlgeschlagen: %4</translation>
    </message>
    <message>
        <source>%1: %2 of %3 pack(s) failed: %4; %5 pack(s) that build on them did not run</source>
        <translation>%1: %2 von %3 Pack(s) fehlgeschlagen: %4; %5 Pack(s), die darauf aufbauen, wurden nicht ausgeführt</translation>
    </message>
    <message>
        <source>take &apos;%1&apos; out of children in %2</source>
        <translation>nehmen Sie &apos;%1&apos; in %2 aus children heraus</translation>
    </message>
    <message>
        <source>add &apos;%1&apos; to the workspace (grex add URL), or take it out of depends_on in %2</source>
        <translation>fügen Sie &apos;%1&apos; dem Arbeitsbereich hinzu (grex add URL), oder nehmen Sie es in %2 aus depends_on heraus</translation>
    </message>
    <message>
        <source>take &apos;%1&apos; out of depends_on in %2</source>
        <translation>nehmen Sie &apos;%1&apos; in %2 aus depends_on heraus</translation>
    </message>
    <message>
        <source>grex.jsonl, its journal or grex.lock.jsonl is damaged, or was written by a newer grex</source>
        <translation>grex.jsonl, sein Journal oder grex.lock.jsonl ist beschädigt oder wurde von einem neueren grex geschrieben</translation>
    </message>
    <message>
        <source>an operation on a pack failed: a clone, fetch or checkout, its pack.yaml, a dependency, an action or hook, exec&apos;s command, an import entry</source>
        <translation>ein Vorgang an einem Pack ist fehlgeschlagen: ein Klonen, Abrufen oder Auschecken, seine pack.yaml, eine Abhängigkeit, eine Aktion oder ein Hook, der Befehl von exec, ein Import-Eintrag</translation>
    </message>
    <message>
        <source>%1 is corrupt at line %2: %3</source>
        <translation>%1 ist in Zeile %2 beschädigt: %3</translation>
    </message>
    <message>
        <source>%1 line %2: unknown op &apos;%3&apos; skipped</source>
        <translation>%1 Zeile %2: unbekannte Operation &apos;%3&apos; übersprungen</translation>
    </message>
    <message>
        <source>%1 line %2 has schema_version %3, which this grex does not read: a newer grex wrote it</source>
        <translation>%1 Zeile %2 hat schema_version %3, die dieses grex nicht liest: ein neueres grex hat sie geschrieben</translation>
    </message>
    <message>
        <source>%1 line %2 is incomplete (an interrupted write) and was ignored: %3</source>
        <translation>%1 Zeile %2 ist unvollständig (ein unterbrochener Schreibvorgang) und wurde ignoriert: %3</translation>
    </message>
    <message>
        <source>a pack path is relative to the workspace, like &apos;dotfiles&apos; or &apos;src/tools/fd&apos;</source>
        <translation>ein Pack-Pfad ist relativ zum Arbeitsbereich, etwa &apos;dotfiles&apos; oder &apos;src/tools/fd&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is absolute; give it relative to the workspace</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er ist absolut; geben Sie ihn relativ zum Arbeitsbereich an</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it is longer than 400 bytes</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er ist länger als 400 Bytes</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: it has an empty part (a trailing or doubled &apos;/&apos;)</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: er hat einen leeren Teil (ein &apos;/&apos; am Ende oder ein doppeltes &apos;/&apos;)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid pack path: its part &apos;%2&apos; is not a valid folder name (%3)</source>
        <translation>&apos;%1&apos; ist kein gültiger Pack-Pfad: sein Teil &apos;%2&apos; ist kein gültiger Ordnername (%3)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is inside the working tree of pack &apos;%2&apos;</source>
        <translation>&apos;%1&apos; liegt im Arbeitsverzeichnis von Pack &apos;%2&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; would hold the working tree of pack &apos;%2&apos;</source>
        <translation>&apos;%1&apos; würde das Arbeitsverzeichnis von Pack &apos;%2&apos; enthalten</translation>
    </message>
    <message>
        <source>a pack cannot live inside another pack&apos;s clone; choose a path beside it</source>
        <translation>ein Pack kann nicht im Klon eines anderen Packs liegen; wählen Sie einen Pfad daneben</translation>
    </message>
    <message>
        <source>give --from or --from-repos-json, not both</source>
        <translation>geben Sie --from oder --from-repos-json an, nicht beides</translation>
    </message>
    <message>
        <source>unknown --format &apos;%1&apos;: use %2</source>
        <translation>unbekanntes --format &apos;%1&apos;: verwenden Sie %2</translation>
    </message>
    <message>
        <source>import needs --from FILE, --scan, or both</source>
        <translation>import braucht --from FILE, --scan oder beides</translation>
    </message>
    <message>
        <source>malformed %1 at %2: %3</source>
        <translation>%1 ist bei %2 fehlerhaft: %3</translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes, the most an import file may have</source>
        <translation>%1 ist größer als %2 Bytes, das Maximum für eine Importdatei</translation>
    </message>
    <message>
        <source>cannot tell which kind of file %1 is; grex imports %2</source>
        <translation>die Art der Datei %1 ist nicht erkennbar; grex importiert %2</translation>
    </message>
    <message>
        <source>grex.jsonl records the path &apos;%1&apos; for pack &apos;%2&apos;, which is not a valid pack path; nothing was removed</source>
        <translation>grex.jsonl verzeichnet für Pack &apos;%2&apos; den Pfad &apos;%1&apos;, der kein gültiger Pack-Pfad ist; nichts wurde entfernt</translation>
    </message>
    <message>
        <source>%1 depend(s) on &apos;%2&apos;: they will fail to sync until it is added back or taken out of their depends_on</source>
        <translation>von &apos;%2&apos; abhängig: %1; ihre Synchronisation schlägt fehl, bis &apos;%2&apos; wieder hinzugefügt oder aus ihrem depends_on entfernt wird</translation>
    </message>
    <message>
        <source>tag needs the packs: grex tag PACK [+TAG|-TAG...], grex tag +TAG PACK PACK..., or grex tag +TAG --filter EXPR</source>
        <translation>tag braucht die Packs: grex tag PACK [+TAG|-TAG...], grex tag +TAG PACK PACK... oder grex tag +TAG --filter EXPR</translation>
    </message>
    <message>
        <source>to add the tag &apos;%1&apos;, write +%1; to remove it, -%1</source>
        <translation>um das Tag &apos;%1&apos; hinzuzufügen, schreiben Sie +%1; um es zu entfernen, -%1</translation>
    </message>
    <message>
        <source>--filter matches no registered pack</source>
        <translation>--filter passt auf kein registriertes Pack</translation>
    </message>
    <message>
        <source>Show, add or remove the tags of packs.</source>
        <translation>Die Tags von Packs anzeigen, hinzufügen oder entfernen.</translation>
    </message>
    <message>
        <source>Without changes, shows the tags of registered packs. +TAG adds a tag and -TAG removes one, for every pack named and every registered pack --filter matches; the change is recorded in grex.jsonl. A word without + or - names a pack, so a word is never taken for a tag by mistake. A pack also has the tags of its own pack.yaml and of its parent&apos;s children entry, which only those files change.

Every verb that takes --filter selects packs by tag: --filter tag=work, --filter &apos;tag=work|home&apos;, --filter tag!=slow. A tag is up to 40 letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, starting with a letter or a digit; a pack has at most 16.</source>
        <translation>Ohne Änderungen zeigt tag die Tags der registrierten Packs. +TAG fügt ein Tag hinzu und -TAG entfernt eines, für jedes genannte Pack und jedes registrierte Pack, auf das --filter passt; die Änderung wird in grex.jsonl vermerkt. Ein Wort ohne + oder - nennt ein Pack, sodass ein Wort nie versehentlich für ein Tag gehalten wird. Ein Pack hat außerdem die Tags seiner eigenen pack.yaml und des children-Eintrags seines Eltern-Packs, die nur diese Dateien ändern.

Jeder Befehl, der --filter akzeptiert, wählt Packs nach Tag aus: --filter tag=work, --filter &apos;tag=work|home&apos;, --filter tag!=slow. Ein Tag besteht aus bis zu 40 Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos; und beginnt mit einem Buchstaben oder einer Ziffer; ein Pack hat höchstens 16.</translation>
    </message>
    <message>
        <source>Tag three packs work.</source>
        <translation>Drei Packs mit work taggen.</translation>
    </message>
    <message>
        <source>Tag every pack under vendor/.</source>
        <translation>Jedes Pack unter vendor/ taggen.</translation>
    </message>
    <message>
        <source>+TAG to add a tag, -TAG to remove one, or more packs.</source>
        <translation>+TAG fügt ein Tag hinzu, -TAG entfernt eines, oder weitere Packs.</translation>
    </message>
    <message>
        <source>Registers repositories as packs, without cloning or installing them: the git clones in the workspace at any depth (--scan), or those another tool&apos;s file lists (--from): a gita repos.csv, a myrepos .mrconfig, a vcstool .repos file, a mani.yaml, a repo manifest.xml or a west.yml, or grex&apos;s own JSON list of {&quot;url&quot;, &quot;path&quot;} objects. Paths, branches or pinned revisions (as the pack&apos;s ref) and groups (as tags) are kept; what cannot be is listed. Paths already registered are skipped, so importing again changes nothing; grex sync then clones what is missing.</source>
        <translation>Registriert Repositorys als Packs, ohne sie zu klonen oder zu installieren: die Git-Klone im Arbeitsbereich in beliebiger Tiefe (--scan) oder die Repositorys, die die Datei eines anderen Werkzeugs auflistet (--from): eine repos.csv von gita, eine .mrconfig von myrepos, eine .repos-Datei von vcstool, eine mani.yaml, eine manifest.xml von repo oder eine west.yml, oder die eigene JSON-Liste von grex aus {&quot;url&quot;, &quot;path&quot;}-Objekten. Pfade, Branches oder festgelegte Revisionen (als Referenz des Packs) und Gruppen (als Tags) bleiben erhalten; was sich nicht übernehmen lässt, wird aufgelistet. Bereits registrierte Pfade werden übersprungen, sodass ein erneuter Import nichts ändert; grex sync klont danach, was fehlt.</translation>
    </message>
    <message>
        <source>Show what importing a vcstool file would register.</source>
        <translation>Anzeigen, was der Import einer vcstool-Datei registrieren würde.</translation>
    </message>
    <message>
        <source>Import a repo manifest whose remotes are relative to where it came from.</source>
        <translation>Ein repo-Manifest importieren, dessen Remotes relativ zu seiner Herkunft angegeben sind.</translation>
    </message>
    <message>
        <source>Read another tool&apos;s list of repositories (gita, myrepos, vcstool, mani, repo, west) or grex&apos;s JSON list.</source>
        <translation>Die Repository-Liste eines anderen Werkzeugs (gita, myrepos, vcstool, mani, repo, west) oder die JSON-Liste von grex lesen.</translation>
    </message>
    <message>
        <source>The file&apos;s format, when its name and content do not tell.</source>
        <translation>Das Format der Datei, wenn Name und Inhalt es nicht erkennen lassen.</translation>
    </message>
    <message>
        <source>The URL the file came from, for remotes given relative to it (repo&apos;s fetch=&quot;..&quot;).</source>
        <translation>Die URL, von der die Datei stammt, für relativ zu ihr angegebene Remotes (fetch=&quot;..&quot; bei repo).</translation>
    </message>
    <message>
        <source>Read a JSON array of {&quot;url&quot;, &quot;path&quot;} objects (the same as --from FILE --format repos-json).</source>
        <translation>Ein JSON-Array aus {&quot;url&quot;, &quot;path&quot;}-Objekten lesen (dasselbe wie --from FILE --format repos-json).</translation>
    </message>
    <message>
        <source>Register the git clones in the workspace, at any depth, that are not packs yet.</source>
        <translation>Die Git-Klone im Arbeitsbereich, die noch keine Packs sind, in beliebiger Tiefe registrieren.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; could be any of %2; give the whole path</source>
        <translation>&apos;%1&apos; könnte jedes von %2 sein; geben Sie den vollständigen Pfad an</translation>
    </message>
    <message>
        <source>did you mean &apos;%1&apos;?</source>
        <translation>meinten Sie &apos;%1&apos;?</translation>
    </message>
    <message>
        <source>Makes DIR (created when missing), the current directory or the directory of --manifest a grex workspace: creates grex.jsonl and grex.lock.jsonl when they are missing, never truncating existing ones, and adds grex&apos;s block to the workspace&apos;s .gitignore.

When the workspace already registers packs whose directories are missing, as in a fresh clone of a workspace repository, init clones them without installing them (grex sync installs). Running init again is harmless.</source>
        <translation>Macht DIR (bei Bedarf angelegt), das aktuelle Verzeichnis oder das Verzeichnis von --manifest zu einem grex-Arbeitsbereich: legt grex.jsonl und grex.lock.jsonl an, wenn sie fehlen, ohne vorhandene zu kürzen, und ergänzt den grex-Block in der .gitignore des Arbeitsbereichs.

Wenn der Arbeitsbereich bereits Packs registriert, deren Verzeichnisse fehlen, etwa in einem frischen Klon eines Arbeitsbereich-Repositorys, klont init sie, ohne sie zu installieren (grex sync installiert). Ein erneuter Aufruf von init schadet nicht.</translation>
    </message>
    <message>
        <source>Make ~/work a workspace, creating it.</source>
        <translation>~/work zu einem Arbeitsbereich machen und dabei anlegen.</translation>
    </message>
    <message>
        <source>The folder to make a workspace (default: the current one).</source>
        <translation>Der Ordner, der zum Arbeitsbereich wird (Standard: der aktuelle).</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Nothing to import</source>
        <translation>Nichts zu importieren</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Action:</source>
        <translation>Aktion:</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>A&amp;usführen</translation>
    </message>
    <message>
        <source>%1 has no commit to start a branch from</source>
        <translation>%1 hat keinen Commit, von dem ein Branch ausgehen kann</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a branch name git accepts</source>
        <translation>&apos;%1&apos; ist kein Branch-Name, den git annimmt</translation>
    </message>
    <message>
        <source>cannot make the folder of %1</source>
        <translation>der Ordner von %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot make the worktree %1: %2</source>
        <translation>der Worktree %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>cannot remove the worktree %1: %2</source>
        <translation>der Worktree %1 kann nicht entfernt werden: %2</translation>
    </message>
    <message>
        <source>cannot delete the branch %1: %2</source>
        <translation>der Branch %1 kann nicht gelöscht werden: %2</translation>
    </message>
    <message>
        <source>cannot stage the changes in %1: %2</source>
        <translation>die Änderungen in %1 können nicht vorgemerkt werden: %2</translation>
    </message>
    <message>
        <source>cannot commit in %1: %2</source>
        <translation>in %1 kann nicht committet werden: %2</translation>
    </message>
    <message>
        <source>cannot read the changes of %1: %2</source>
        <translation>die Änderungen von %1 können nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>there is no task &apos;%1&apos;</source>
        <translation>es gibt keine Aufgabe &apos;%1&apos;</translation>
    </message>
    <message>
        <source>grex task start NAME PACK... starts one</source>
        <translation>grex task start NAME PACK... beginnt eine</translation>
    </message>
    <message>
        <source>the tasks are: %1</source>
        <translation>die Aufgaben sind: %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a task name: use up to 64 letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;, starting with a letter or a digit</source>
        <translation>&apos;%1&apos; ist kein Aufgabenname: verwenden Sie bis zu 64 Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos;, beginnend mit einem Buchstaben oder einer Ziffer</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is part of task &apos;%2&apos;</source>
        <translation>Pack &apos;%1&apos; gehört zur Aufgabe &apos;%2&apos;</translation>
    </message>
    <message>
        <source>finish or abandon the task first (grex task finish %1)</source>
        <translation>schließen Sie die Aufgabe zuerst ab oder verwerfen Sie sie (grex task finish %1)</translation>
    </message>
    <message>
        <source>a commit needs a message: --message TEXT</source>
        <translation>ein Commit braucht eine Nachricht: --message TEXT</translation>
    </message>
    <message>
        <source>the message contains a NUL character</source>
        <translation>die Nachricht enthält ein NUL-Zeichen</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is not part of task &apos;%2&apos;</source>
        <translation>Pack &apos;%1&apos; gehört nicht zur Aufgabe &apos;%2&apos;</translation>
    </message>
    <message>
        <source>no pack of task &apos;%1&apos; has changes to commit</source>
        <translation>kein Pack der Aufgabe &apos;%1&apos; hat Änderungen zum Committen</translation>
    </message>
    <message>
        <source>the commit failed in %1 of %2 packs</source>
        <translation>der Commit ist in %1 von %2 Packs fehlgeschlagen</translation>
    </message>
    <message>
        <source>Commit a task</source>
        <translation>Aufgabe committen</translation>
    </message>
    <message>
        <source>Commit the changes of a task&apos;s packs with one message.</source>
        <translation>Die Änderungen der Packs einer Aufgabe mit einer Nachricht committen.</translation>
    </message>
    <message>
        <source>Stages every change in the worktrees of the task&apos;s packs (or of the packs named), untracked files included, and commits it with MESSAGE, using your own git, its identity and its hooks. Packs without changes are left alone. When the commit fails in some packs, the others are committed and the report says which failed and why.</source>
        <translation>Merkt jede Änderung in den Worktrees der Packs der Aufgabe (oder der genannten Packs) vor, unversionierte Dateien eingeschlossen, und committet sie mit MESSAGE, mit Ihrem eigenen git, seiner Identität und seinen Hooks. Packs ohne Änderungen bleiben unberührt. Schlägt der Commit in einigen Packs fehl, werden die anderen committet, und der Bericht sagt, welche fehlschlugen und warum.</translation>
    </message>
    <message>
        <source>Commit every changed pack of the task.</source>
        <translation>Jedes geänderte Pack der Aufgabe committen.</translation>
    </message>
    <message>
        <source>Commit only in web.</source>
        <translation>Nur in web committen.</translation>
    </message>
    <message>
        <source>The commit message.</source>
        <translation>Die Commit-Nachricht.</translation>
    </message>
    <message>
        <source>The task.</source>
        <translation>Die Aufgabe.</translation>
    </message>
    <message>
        <source>Only these packs of the task.</source>
        <translation>Nur diese Packs der Aufgabe.</translation>
    </message>
    <message>
        <source>task &apos;%1&apos; still has work only on this machine in %2</source>
        <translation>die Aufgabe &apos;%1&apos; hat noch Arbeit, die nur auf diesem Rechner liegt, in %2</translation>
    </message>
    <message>
        <source>commit and push it (grex task commit, grex task push), or drop it with grex task abandon</source>
        <translation>committen und pushen Sie sie (grex task commit, grex task push) oder verwerfen Sie sie mit grex task abandon</translation>
    </message>
    <message>
        <source>task &apos;%1&apos; has work that exists only on this machine in %2</source>
        <translation>die Aufgabe &apos;%1&apos; hat Arbeit, die nur auf diesem Rechner liegt, in %2</translation>
    </message>
    <message>
        <source>push it first, or pass --force to throw it away</source>
        <translation>pushen Sie sie zuerst, oder geben Sie --force an, um sie zu verwerfen</translation>
    </message>
    <message>
        <source>abandon task &apos;%1&apos; and throw away its unpushed work in %2</source>
        <translation>Aufgabe &apos;%1&apos; verwerfen und ihre nicht gepushte Arbeit in %2 wegwerfen</translation>
    </message>
    <message>
        <source>abandoning task &apos;%1&apos; was not approved</source>
        <translation>das Verwerfen der Aufgabe &apos;%1&apos; wurde nicht genehmigt</translation>
    </message>
    <message>
        <source>Finish a task</source>
        <translation>Aufgabe abschließen</translation>
    </message>
    <message>
        <source>Remove a published task&apos;s worktrees and branches.</source>
        <translation>Worktrees und Branches einer veröffentlichten Aufgabe entfernen.</translation>
    </message>
    <message>
        <source>Once every pack of the task is committed and pushed, removes its worktrees and its local branches (the pushed branches stay on the remotes) and records that the task ended. It refuses while anything of the task exists only on this machine, and says what.</source>
        <translation>Sobald jedes Pack der Aufgabe committet und gepusht ist, entfernt es ihre Worktrees und lokalen Branches (die gepushten Branches bleiben auf den Remotes) und vermerkt das Ende der Aufgabe. Solange etwas der Aufgabe nur auf diesem Rechner liegt, lehnt es ab und sagt, was.</translation>
    </message>
    <message>
        <source>End a pushed task.</source>
        <translation>Eine gepushte Aufgabe beenden.</translation>
    </message>
    <message>
        <source>Abandon a task</source>
        <translation>Aufgabe verwerfen</translation>
    </message>
    <message>
        <source>Drop a task: its worktrees and branches.</source>
        <translation>Eine Aufgabe verwerfen: ihre Worktrees und Branches.</translation>
    </message>
    <message>
        <source>Removes the task&apos;s worktrees and local branches and records that it ended. It refuses while work of the task exists only on this machine (uncommitted changes, commits no push took) unless --force is given, and then asks before throwing that work away.</source>
        <translation>Entfernt die Worktrees und lokalen Branches der Aufgabe und vermerkt ihr Ende. Solange Arbeit der Aufgabe nur auf diesem Rechner liegt (nicht committete Änderungen, nicht gepushte Commits), lehnt es ab, außer mit --force, und fragt dann nach, bevor diese Arbeit verworfen wird.</translation>
    </message>
    <message>
        <source>Drop a task with nothing to lose.</source>
        <translation>Eine Aufgabe verwerfen, bei der nichts verloren geht.</translation>
    </message>
    <message>
        <source>Drop a task and its unpushed work, without asking.</source>
        <translation>Eine Aufgabe samt nicht gepushter Arbeit verwerfen, ohne Rückfrage.</translation>
    </message>
    <message>
        <source>&amp;Abandon</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>Also throw away work that exists only here.</source>
        <translation>Auch Arbeit verwerfen, die nur hier liegt.</translation>
    </message>
    <message>
        <source>a task needs its packs: grex task start NAME PACK..., or --filter EXPR</source>
        <translation>eine Aufgabe braucht ihre Packs: grex task start NAME PACK... oder --filter EXPR</translation>
    </message>
    <message>
        <source>task &apos;%1&apos; exists already</source>
        <translation>die Aufgabe &apos;%1&apos; gibt es schon</translation>
    </message>
    <message>
        <source>grex task status %1 shows it</source>
        <translation>grex task status %1 zeigt sie</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; is not cloned at %2; grex sync clones it</source>
        <translation>Pack &apos;%1&apos; ist nicht in %2 geklont; grex sync klont es</translation>
    </message>
    <message>
        <source>pack &apos;%1&apos; has a branch &apos;%2&apos; already</source>
        <translation>Pack &apos;%1&apos; hat schon einen Branch &apos;%2&apos;</translation>
    </message>
    <message>
        <source>name another branch with --branch</source>
        <translation>nennen Sie mit --branch einen anderen Branch</translation>
    </message>
    <message>
        <source>%1 exists already; remove it or name the task otherwise</source>
        <translation>%1 gibt es schon; entfernen Sie es oder benennen Sie die Aufgabe anders</translation>
    </message>
    <message>
        <source>Start a task</source>
        <translation>Aufgabe beginnen</translation>
    </message>
    <message>
        <source>Start a change across packs, on a branch of its own in a worktree of each.</source>
        <translation>Eine Änderung über mehrere Packs beginnen, auf einem eigenen Branch in einem eigenen Worktree jedes Packs.</translation>
    </message>
    <message>
        <source>A task is one change over several packs. task start makes, in each pack named and each one --filter matches, a branch (NAME, or --branch) from the upstream of the branch the pack follows, checked out in a worktree of its own under .grex-tasks/NAME in the workspace. Your own checkouts are not touched, and other tasks may use the same packs at the same time.

Work in the worktrees, then grex task commit, grex task push and grex task finish; grex task status says where each pack stands. A branch name already used in a pack is refused; nothing is made unless every pack can have its worktree.</source>
        <translation>Eine Aufgabe ist eine Änderung über mehrere Packs. task start legt in jedem genannten Pack und in jedem, auf das --filter passt, einen Branch (NAME oder --branch) vom Upstream des Branches an, dem das Pack folgt, ausgecheckt in einem eigenen Worktree unter .grex-tasks/NAME im Arbeitsbereich. Ihre eigenen Checkouts bleiben unberührt, und andere Aufgaben können dieselben Packs gleichzeitig nutzen.

Arbeiten Sie in den Worktrees, dann grex task commit, grex task push und grex task finish; grex task status zeigt, wo jedes Pack steht. Ein Branch-Name, den ein Pack schon hat, wird abgelehnt; es wird nichts angelegt, wenn nicht jedes Pack seinen Worktree bekommen kann.</translation>
    </message>
    <message>
        <source>Start the task fix-login in the packs api and web.</source>
        <translation>Die Aufgabe fix-login in den Packs api und web beginnen.</translation>
    </message>
    <message>
        <source>Start a task in every pack tagged service, on a branch named otherwise.</source>
        <translation>Eine Aufgabe in jedem Pack mit dem Tag service beginnen, auf einem anders benannten Branch.</translation>
    </message>
    <message>
        <source>The task&apos;s name.</source>
        <translation>Der Name der Aufgabe.</translation>
    </message>
    <message>
        <source>The packs of the task, by id or path.</source>
        <translation>Die Packs der Aufgabe, nach ID oder Pfad.</translation>
    </message>
    <message>
        <source>The branch to make in each pack (default: the task&apos;s name).</source>
        <translation>Der Branch, der in jedem Pack angelegt wird (Standard: der Name der Aufgabe).</translation>
    </message>
    <message>
        <source>Show tasks</source>
        <translation>Aufgaben anzeigen</translation>
    </message>
    <message>
        <source>Show where each pack of a task stands.</source>
        <translation>Anzeigen, wo jedes Pack einer Aufgabe steht.</translation>
    </message>
    <message>
        <source>For each task (or the one named), every pack: its worktree, the files changed and not committed, the commits since the task started, how far the branch is ahead of and behind its base as last fetched, and the commits no push has taken yet. A pack is settled when nothing of it exists only on this machine.</source>
        <translation>Für jede Aufgabe (oder die genannte) jedes Pack: sein Worktree, die geänderten und nicht committeten Dateien, die Commits seit Beginn der Aufgabe, wie weit der Branch seiner Basis (Stand des letzten Fetch) voraus ist oder hinterherliegt, und die Commits, die noch kein Push mitgenommen hat. Ein Pack ist erledigt, wenn nichts davon nur auf diesem Rechner liegt.</translation>
    </message>
    <message>
        <source>Show every task.</source>
        <translation>Jede Aufgabe anzeigen.</translation>
    </message>
    <message>
        <source>Show one task with the files it changed.</source>
        <translation>Eine Aufgabe mit den geänderten Dateien anzeigen.</translation>
    </message>
    <message>
        <source>The task; every task when none is named.</source>
        <translation>Die Aufgabe; jede Aufgabe, wenn keine genannt ist.</translation>
    </message>
    <message>
        <source>List the files each pack changed.</source>
        <translation>Die in jedem Pack geänderten Dateien auflisten.</translation>
    </message>
    <message>
        <source>Show a task&apos;s changes</source>
        <translation>Änderungen einer Aufgabe anzeigen</translation>
    </message>
    <message>
        <source>Show what a task changed in its packs.</source>
        <translation>Anzeigen, was eine Aufgabe in ihren Packs geändert hat.</translation>
    </message>
    <message>
        <source>The unified diff of each pack of the task (or of the packs named) against the commit its branch started from: committed and uncommitted changes together, untracked files as new ones.</source>
        <translation>Der Unified Diff jedes Packs der Aufgabe (oder der genannten Packs) gegen den Commit, von dem sein Branch ausging: committete und nicht committete Änderungen zusammen, unversionierte Dateien als neue.</translation>
    </message>
    <message>
        <source>Show everything the task changed.</source>
        <translation>Alles anzeigen, was die Aufgabe geändert hat.</translation>
    </message>
    <message>
        <source>Show what it changed in web.</source>
        <translation>Anzeigen, was sie in web geändert hat.</translation>
    </message>
    <message>
        <source>%1 has no remote to push to</source>
        <translation>%1 hat kein Remote, auf das gepusht werden kann</translation>
    </message>
    <message>
        <source>cannot push %1 to %2: %3</source>
        <translation>%1 kann nicht nach %2 gepusht werden: %3</translation>
    </message>
    <message>
        <source>task &apos;%1&apos; has no commit to push</source>
        <translation>die Aufgabe &apos;%1&apos; hat keinen Commit zum Pushen</translation>
    </message>
    <message>
        <source>commit first: grex task commit %1 -m MESSAGE</source>
        <translation>committen Sie zuerst: grex task commit %1 -m MESSAGE</translation>
    </message>
    <message>
        <source>push the branch %1 of task &apos;%2&apos; to %3</source>
        <translation>den Branch %1 der Aufgabe &apos;%2&apos; nach %3 pushen</translation>
    </message>
    <message>
        <source>pushing task &apos;%1&apos; was not approved</source>
        <translation>das Pushen der Aufgabe &apos;%1&apos; wurde nicht genehmigt</translation>
    </message>
    <message>
        <source>the push failed in %1 of %2 packs; grex task push %3 sends the rest</source>
        <translation>der Push ist in %1 von %2 Packs fehlgeschlagen; grex task push %3 sendet den Rest</translation>
    </message>
    <message>
        <source>Push a task</source>
        <translation>Aufgabe pushen</translation>
    </message>
    <message>
        <source>Push a task&apos;s branch in every pack to its remote.</source>
        <translation>Den Branch einer Aufgabe in jedem Pack auf sein Remote pushen.</translation>
    </message>
    <message>
        <source>Pushes the task&apos;s branch of every pack (or of the packs named) that has commits no push took, to the pack&apos;s remote under the same name, and makes it the branch&apos;s upstream. The plan (packs, remotes, branch, commits) is approved once, as exec&apos;s command is. When the push fails for some packs, the others go out and the report says which did not and why; running task push again sends the rest. Uncommitted changes stay in the worktrees.</source>
        <translation>Pusht den Branch der Aufgabe in jedem Pack (oder in den genannten Packs) mit noch nicht gepushten Commits unter demselben Namen auf das Remote des Packs und macht ihn zum Upstream des Branches. Der Plan (Packs, Remotes, Branch, Commits) wird einmal genehmigt, wie der Befehl von exec. Schlägt der Push für einige Packs fehl, gehen die anderen hinaus, und der Bericht sagt, welche nicht und warum; ein erneutes task push sendet den Rest. Nicht committete Änderungen bleiben in den Worktrees.</translation>
    </message>
    <message>
        <source>Publish the task&apos;s commits.</source>
        <translation>Die Commits der Aufgabe veröffentlichen.</translation>
    </message>
    <message>
        <source>Show what would be pushed where.</source>
        <translation>Anzeigen, was wohin gepusht würde.</translation>
    </message>
    <message>
        <source>&amp;Push</source>
        <translation>&amp;Pushen</translation>
    </message>
    <message>
        <source>work exists only on this machine: %1 pack(s), %2 task pack(s)</source>
        <translation>Arbeit liegt nur auf diesem Rechner: %1 Pack(s), %2 Pack(s) von Aufgaben</translation>
    </message>
    <message>
        <source>Check nothing is only here</source>
        <translation>Prüfen, dass nichts nur hier liegt</translation>
    </message>
    <message>
        <source>List the work that exists only on this machine.</source>
        <translation>Die Arbeit auflisten, die nur auf diesem Rechner liegt.</translation>
    </message>
    <message>
        <source>Before you wipe or leave this machine: lists, for every pack, the uncommitted and untracked files, the stashes and the commits on any local branch that no remote-tracking branch has, and for every task the work no commit or push holds yet. It exits with 7 when there is any, 0 when there is none. It reads only what the last fetch learned: fetch first (grex status --fetch) to compare with the remotes as they are now. grex rm and grex task abandon refuse on the same findings.</source>
        <translation>Bevor Sie diesen Rechner löschen oder verlassen: listet für jedes Pack die nicht committeten und unversionierten Dateien, die Stashes und die Commits auf lokalen Branches, die kein Remote-Tracking-Branch hat, und für jede Aufgabe die Arbeit, die noch kein Commit oder Push enthält. Es endet mit 7, wenn es etwas gibt, sonst mit 0. Es liest nur, was der letzte Fetch erfahren hat: holen Sie zuerst (grex status --fetch), um mit dem aktuellen Stand der Remotes zu vergleichen. grex rm und grex task abandon lehnen bei denselben Befunden ab.</translation>
    </message>
    <message>
        <source>Say what only this machine has.</source>
        <translation>Sagen, was nur dieser Rechner hat.</translation>
    </message>
    <message>
        <source>Check only the packs tagged work.</source>
        <translation>Nur die Packs mit dem Tag work prüfen.</translation>
    </message>
    <message>
        <source>waiting for approval in the grex window</source>
        <translation>wartet auf Genehmigung im grex-Fenster</translation>
    </message>
    <message>
        <source>%1 approvals are waiting in the grex window already; answer them there first</source>
        <translation>im grex-Fenster warten bereits %1 Genehmigungen; beantworten Sie diese zuerst dort</translation>
    </message>
    <message>
        <source>the grex window went away before anyone answered</source>
        <translation>das grex-Fenster wurde geschlossen, bevor jemand antwortete</translation>
    </message>
    <message>
        <source>another call with the same arguments took this approval</source>
        <translation>ein anderer Aufruf mit denselben Argumenten hat diese Genehmigung verbraucht</translation>
    </message>
    <message>
        <source>call it again with the same arguments to go on: it waits a while for the person&apos;s answer, then runs, says why not, or that it is still waiting</source>
        <translation>rufen Sie es mit denselben Argumenten erneut auf, um fortzufahren: es wartet eine Weile auf die Antwort der Person, dann läuft es, sagt, warum nicht, oder dass es noch wartet</translation>
    </message>
    <message>
        <source>the grex window is asked for a client that names itself (clientInfo), or for one that can wait (grex serve --approval-wait)</source>
        <translation>das grex-Fenster wird für einen Client gefragt, der sich benennt (clientInfo), oder für einen, der warten kann (grex serve --approval-wait)</translation>
    </message>
    <message>
        <source>nobody answered in the grex window in time</source>
        <translation>niemand hat rechtzeitig im grex-Fenster geantwortet</translation>
    </message>
    <message>
        <source>Shows, for every pack, how it drifted from what grex installed: missing (registered but not on disk), dirty (tracked files changed), stale (not installed, or installed from another commit or other actions), behind or ahead of its upstream, or untracked (a clone in the workspace that is not registered). A pack with none of these is clean.

status reads local state only, so behind is as of the last fetch, which it shows; --fetch first fetches every pack in parallel (those --filter admits), changing no working tree. With --fail-on-drift it exits with 7 when any pack is not clean, for scripts and CI.</source>
        <translation>Zeigt für jedes Pack, wie es von dem abweicht, was grex installiert hat: missing (registriert, aber nicht auf dem Datenträger), dirty (versionierte Dateien geändert), stale (nicht installiert oder aus einem anderen Commit oder mit anderen Aktionen installiert), behind oder ahead gegenüber seinem Upstream oder untracked (ein Klon im Arbeitsbereich, der nicht registriert ist). Ein Pack, auf das nichts davon zutrifft, ist clean.

status liest nur den lokalen Zustand, daher gilt behind seit dem letzten Abruf, den es anzeigt; --fetch ruft zuerst jedes Pack parallel ab (die, die --filter zulässt), ohne ein Arbeitsverzeichnis zu ändern. Mit --fail-on-drift endet es mit 7, wenn ein Pack nicht clean ist, für Skripte und CI.</translation>
    </message>
    <message>
        <source>cannot read commit %1 of %2</source>
        <translation>Commit %1 von %2 kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>cannot fetch into %1: no default remote configured</source>
        <translation>kann nicht nach %1 abrufen: kein Standard-Remote eingerichtet</translation>
    </message>
    <message>
        <source>give the clone its remote again: git -C %1 remote add origin URL</source>
        <translation>geben Sie dem Klon sein Remote zurück: git -C %1 remote add origin URL</translation>
    </message>
    <message>
        <source>Only packs matching EXPR, e.g. &quot;name=lib-*,drift=dirty&quot; (keys name, path, type, depth, url, drift, tag), or a word their name or path contains.</source>
        <translation>Nur Packs, auf die EXPR passt, z. B. &quot;name=lib-*,drift=dirty&quot; (Schlüssel name, path, type, depth, url, drift, tag), oder ein Wort, das ihr Name oder Pfad enthält.</translation>
    </message>
    <message>
        <source>cannot switch %1 to %2: %3</source>
        <translation>kann %1 nicht zu %2 wechseln: %3</translation>
    </message>
    <message>
        <source>cannot record %1 as the default branch of %2: %3</source>
        <translation>kann %1 nicht als Standard-Branch von %2 eintragen: %3</translation>
    </message>
    <message>
        <source>cannot stash in %1: %2</source>
        <translation>kann in %1 nicht stashen: %2</translation>
    </message>
    <message>
        <source>cannot discard the changes in %1: %2</source>
        <translation>kann die Änderungen in %1 nicht verwerfen: %2</translation>
    </message>
    <message>
        <source>cannot delete the untracked files in %1: %2</source>
        <translation>kann die unversionierten Dateien in %1 nicht löschen: %2</translation>
    </message>
    <message>
        <source>the remote has commits this branch lacks: fetch and merge or rebase, then push again</source>
        <translation>das Remote hat Commits, die diesem Branch fehlen: abrufen und mergen oder rebasen, dann erneut pushen</translation>
    </message>
    <message>
        <source>the default branch of %1 is not known</source>
        <translation>der Standard-Branch von %1 ist nicht bekannt</translation>
    </message>
    <message>
        <source>the pack follows no branch (its ref is a tag or commit)</source>
        <translation>das Pack folgt keinem Branch (seine Ref ist ein Tag oder Commit)</translation>
    </message>
    <message>
        <source>fetch first: grex status --fetch</source>
        <translation>zuerst abrufen: grex status --fetch</translation>
    </message>
    <message>
        <source>HEAD is detached; a commit would belong to no branch</source>
        <translation>HEAD ist losgelöst; ein Commit gehörte zu keinem Branch</translation>
    </message>
    <message>
        <source>switch to its branch first: grex switch %1</source>
        <translation>zuerst zu seinem Branch wechseln: grex switch %1</translation>
    </message>
    <message>
        <source>HEAD is detached; there is no branch to push</source>
        <translation>HEAD ist losgelöst; es gibt keinen Branch zum Pushen</translation>
    </message>
    <message>
        <source>push %1</source>
        <translation>%1 pushen</translation>
    </message>
    <message>
        <source>discard the changed and untracked files of %1</source>
        <translation>die geänderten und unversionierten Dateien von %1 verwerfen</translation>
    </message>
    <message>
        <source>%1 was not approved</source>
        <translation>%1 wurde nicht genehmigt</translation>
    </message>
    <message>
        <source>name the packs: PACK... or --filter EXPR</source>
        <translation>Packs angeben: PACK... oder --filter AUSDRUCK</translation>
    </message>
    <message>
        <source>%1 failed in %2 of %3 packs</source>
        <translation>%1 ist in %2 von %3 Packs fehlgeschlagen</translation>
    </message>
    <message>
        <source>The packs (their ids or paths).</source>
        <translation>Die Packs (ihre IDs oder Pfade).</translation>
    </message>
    <message>
        <source>Switch packs to their branch</source>
        <translation>Packs auf ihren Branch wechseln</translation>
    </message>
    <message>
        <source>Check out the branch each pack follows.</source>
        <translation>Den Branch auschecken, dem jedes Pack folgt.</translation>
    </message>
    <message>
        <source>Checks out, in each pack named, the branch it follows: its ref when that is a branch, else the remote&apos;s default branch as the clone knows it. A branch the clone does not have yet is made from the remote&apos;s and tracks it. With --to-default, the remote&apos;s default branch instead, which is what a pack whose upstream branch was deleted or renamed needs; the clone then records it as the remote&apos;s default. git refuses when a change would be lost, and the report says so.</source>
        <translation>Checkt in jedem genannten Pack den Branch aus, dem es folgt: seine Ref, wenn sie ein Branch ist, sonst den Standard-Branch des Remotes, wie der Klon ihn kennt. Ein Branch, den der Klon noch nicht hat, wird aus dem des Remotes angelegt und folgt ihm. Mit --to-default stattdessen den Standard-Branch des Remotes, den ein Pack braucht, dessen Upstream-Branch gelöscht oder umbenannt wurde; der Klon trägt ihn dann als Standard des Remotes ein. git verweigert den Wechsel, wenn eine Änderung verloren ginge, und der Bericht sagt es.</translation>
    </message>
    <message>
        <source>Switch to the remote&apos;s default branch.</source>
        <translation>Zum Standard-Branch des Remotes wechseln.</translation>
    </message>
    <message>
        <source>Put api back on the branch it follows.</source>
        <translation>api zurück auf den Branch bringen, dem es folgt.</translation>
    </message>
    <message>
        <source>Move every pack whose upstream is gone to the remote&apos;s new default branch.</source>
        <translation>Jedes Pack, dessen Upstream fehlt, auf den neuen Standard-Branch des Remotes wechseln.</translation>
    </message>
    <message>
        <source>S&amp;witch</source>
        <translation>&amp;Wechseln</translation>
    </message>
    <message>
        <source>Stash the changes of packs</source>
        <translation>Die Änderungen von Packs stashen</translation>
    </message>
    <message>
        <source>Put the changes of packs aside in a git stash.</source>
        <translation>Die Änderungen von Packs in einem git-Stash beiseitelegen.</translation>
    </message>
    <message>
        <source>Puts every change of each pack named, untracked files included, into a new git stash, which leaves its tree clean for a sync. git stash pop in the pack brings them back.</source>
        <translation>Legt jede Änderung jedes genannten Packs, unversionierte Dateien eingeschlossen, in einen neuen git-Stash; das Arbeitsverzeichnis ist danach sauber für eine Synchronisation. git stash pop im Pack holt sie zurück.</translation>
    </message>
    <message>
        <source>The stash&apos;s message.</source>
        <translation>Die Nachricht des Stashs.</translation>
    </message>
    <message>
        <source>Set api&apos;s changes aside.</source>
        <translation>Die Änderungen von api beiseitelegen.</translation>
    </message>
    <message>
        <source>&amp;Stash</source>
        <translation>&amp;Stashen</translation>
    </message>
    <message>
        <source>Discard the changes of packs</source>
        <translation>Die Änderungen von Packs verwerfen</translation>
    </message>
    <message>
        <source>Throw away the changed and untracked files of packs.</source>
        <translation>Die geänderten und unversionierten Dateien von Packs wegwerfen.</translation>
    </message>
    <message>
        <source>Puts every tracked file of each pack named back as its commit has it and deletes its untracked files; ignored files stay. What it throws away is gone, so it asks first and names the files; --dry-run lists them. Stash instead to keep them.</source>
        <translation>Setzt jede versionierte Datei jedes genannten Packs auf den Stand ihres Commits zurück und löscht seine unversionierten Dateien; ignorierte Dateien bleiben. Was weggeworfen wird, ist verloren; daher fragt es vorher und nennt die Dateien; --dry-run listet sie auf. Stashen Sie stattdessen, um sie zu behalten.</translation>
    </message>
    <message>
        <source>List what discarding would throw away.</source>
        <translation>Auflisten, was Verwerfen wegwerfen würde.</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>Commit packs</source>
        <translation>Packs committen</translation>
    </message>
    <message>
        <source>Commit the changes of packs with one message.</source>
        <translation>Die Änderungen von Packs mit einer Nachricht committen.</translation>
    </message>
    <message>
        <source>Stages every change of each pack named, untracked files included, and commits it on its branch with MESSAGE, using your own git, its identity and its hooks. Packs without changes are left alone; a pack whose HEAD is detached is refused.</source>
        <translation>Merkt jede Änderung jedes genannten Packs vor, unversionierte Dateien eingeschlossen, und committet sie auf seinem Branch mit NACHRICHT, mit Ihrem eigenen git, seiner Identität und seinen Hooks. Packs ohne Änderungen bleiben unberührt; ein Pack mit losgelöstem HEAD wird abgelehnt.</translation>
    </message>
    <message>
        <source>One commit in api and one in web.</source>
        <translation>Ein Commit in api und einer in web.</translation>
    </message>
    <message>
        <source>Commit in every pack with changes.</source>
        <translation>In jedem Pack mit Änderungen committen.</translation>
    </message>
    <message>
        <source>&amp;Commit</source>
        <translation>&amp;Committen</translation>
    </message>
    <message>
        <source>Push packs</source>
        <translation>Packs pushen</translation>
    </message>
    <message>
        <source>Push the branch of each pack to its remote.</source>
        <translation>Den Branch jedes Packs auf sein Remote pushen.</translation>
    </message>
    <message>
        <source>Pushes the checked-out branch of each pack named that has commits its remote lacks, to the branch it follows (or the same name) and makes that its upstream. The packs, branches and commits are approved once. git refuses what is not a fast-forward: sync or merge first.</source>
        <translation>Pusht den ausgecheckten Branch jedes genannten Packs, der Commits hat, die seinem Remote fehlen, auf den Branch, dem er folgt (oder denselben Namen), und macht diesen zu seinem Upstream. Packs, Branches und Commits werden einmal genehmigt. git verweigert, was kein Vorspulen ist: zuerst synchronisieren oder mergen.</translation>
    </message>
    <message>
        <source>Publish api&apos;s commits.</source>
        <translation>Die Commits von api veröffentlichen.</translation>
    </message>
    <message>
        <source>Work on up to N packs at once (0: no limit; default: GREX_PARALLEL or the number of CPUs, and for clones and fetches, which wait on the network, 8 per CPU and at least 32, with at most 4 git commands per CPU (at least 16) to one host).</source>
        <translation>Bis zu N Packs gleichzeitig bearbeiten (0: keine Grenze; Standard: GREX_PARALLEL oder die Zahl der CPUs, und für Klone und Fetches, die auf das Netzwerk warten, 8 pro CPU und mindestens 32, mit höchstens 4 git-Befehlen pro CPU (mindestens 16) an einen Host).</translation>
    </message>
</context>
<context>
    <name>Grex::Cli</name>
    <message>
        <source>y</source>
        <translation>j</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no verb given</source>
        <translation>kein Befehl angegeben</translation>
    </message>
    <message>
        <source>unknown verb &apos;%1&apos;</source>
        <translation>unbekannter Befehl &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the verbs are: %1</source>
        <translation>verfügbare Befehle: %1</translation>
    </message>
    <message>
        <source>grex %1: %2</source>
        <translation>grex %1: %2</translation>
    </message>
    <message>
        <source>--json and --plain cannot be used together</source>
        <translation>--json und --plain können nicht zusammen verwendet werden</translation>
    </message>
    <message>
        <source>grex %1 does not take --filter</source>
        <translation>grex %1 akzeptiert kein --filter</translation>
    </message>
    <message>
        <source>grex %1: unexpected argument &apos;%2&apos;</source>
        <translation>grex %1: unerwartetes Argument &apos;%2&apos;</translation>
    </message>
    <message>
        <source>grex %1: missing argument &lt;%2&gt;</source>
        <translation>grex %1: fehlendes Argument &lt;%2&gt;</translation>
    </message>
    <message>
        <source>--%1 must be a whole number</source>
        <translation>--%1 muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>Show the version.</source>
        <translation>Version anzeigen.</translation>
    </message>
    <message>
        <source>Print the result as one JSON document.</source>
        <translation>Das Ergebnis als ein einziges JSON-Dokument ausgeben.</translation>
    </message>
    <message>
        <source>No colour and no Unicode decoration.</source>
        <translation>Keine Farben und keine Unicode-Verzierungen.</translation>
    </message>
    <message>
        <source>Only warnings and errors on stderr.</source>
        <translation>Nur Warnungen und Fehler auf stderr.</translation>
    </message>
    <message>
        <source>Approve destructive verbs without asking.</source>
        <translation>Destruktive Befehle ohne Rückfrage genehmigen.</translation>
    </message>
    <message>
        <source>Show help.</source>
        <translation>Hilfe anzeigen.</translation>
    </message>
    <message>
        <source>Usage: grex [options] &lt;verb&gt; [arguments]</source>
        <translation>Aufruf: grex [Optionen] &lt;Befehl&gt; [Argumente]</translation>
    </message>
    <message>
        <source>grex manages a workspace of git repositories (packs) as one graph.</source>
        <translation>grex verwaltet einen Arbeitsbereich aus Git-Repositorys (Packs) als einen einzigen Graphen.</translation>
    </message>
    <message>
        <source>Verbs:</source>
        <translation>Befehle:</translation>
    </message>
    <message>
        <source>Options of every verb:</source>
        <translation>Optionen aller Befehle:</translation>
    </message>
    <message>
        <source>Usage: %1</source>
        <translation>Aufruf: %1</translation>
    </message>
    <message>
        <source>Destructive: asks for confirmation on a terminal; pass --yes otherwise.</source>
        <translation>Destruktiv: fragt in einem Terminal nach Bestätigung; andernfalls --yes angeben.</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Argumente:</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>Optionen:</translation>
    </message>
    <message>
        <source>warning:</source>
        <translation>Warnung:</translation>
    </message>
    <message>
        <source>%1/%2 packs</source>
        <translation>%1/%2 Packs</translation>
    </message>
    <message numerus="yes">
        <source>%n pack(s) ready</source>
        <translation>
            <numerusform>%n Pack bereit</numerusform>
            <numerusform>%n Packs bereit</numerusform>
        </translation>
    </message>
    <message>
        <source>grex serve: %1</source>
        <translation>grex serve: %1</translation>
    </message>
    <message>
        <source>grex serve: unexpected argument &apos;%1&apos;</source>
        <translation>grex serve: unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--workspace %1 is not a directory</source>
        <translation>--workspace %1 ist kein Verzeichnis</translation>
    </message>
    <message>
        <source>The workspace to serve (default: the current directory). No tool can leave it.</source>
        <translation>Der bereitzustellende Arbeitsbereich (Standard: das aktuelle Verzeichnis). Kein Werkzeug kann ihn verlassen.</translation>
    </message>
    <message>
        <source>The workspace&apos;s grex.jsonl, as for every verb.</source>
        <translation>Die grex.jsonl des Arbeitsbereichs, wie bei jedem Befehl.</translation>
    </message>
    <message>
        <source>Run rm, run and exec without asking when no window or client can be asked.</source>
        <translation>rm, run und exec ohne Rückfrage ausführen, wenn weder ein Fenster noch ein Client gefragt werden kann.</translation>
    </message>
    <message>
        <source>How long a shutdown request lets calls finish (default: 30).</source>
        <translation>Wie lange Aufrufe nach einer Aufforderung zum Herunterfahren noch zu Ende laufen dürfen (Standard: 30).</translation>
    </message>
    <message>
        <source>Answer a cancelled call with error -32800 instead of not at all.</source>
        <translation>Einen abgebrochenen Aufruf mit Fehler -32800 beantworten statt gar nicht.</translation>
    </message>
    <message>
        <source>--http wants [ADDR:]PORT with a port from 0 to 65535, not &apos;%1&apos;</source>
        <translation>--http erwartet [ADRESSE:]PORT mit einem Port von 0 bis 65535, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--http: &apos;%1&apos; is not an IP address</source>
        <translation>--http: &apos;%1&apos; ist keine IP-Adresse</translation>
    </message>
    <message>
        <source>grex serve --http %1 listens beyond this machine: give a bearer token with --token or GREX_MCP_TOKEN</source>
        <translation>grex serve --http %1 lauscht über diesen Rechner hinaus: ein Bearer-Token mit --token oder GREX_MCP_TOKEN angeben</translation>
    </message>
    <message>
        <source>--session-idle wants seconds from 1 to 604800, not &apos;%1&apos;</source>
        <translation>--session-idle erwartet Sekunden von 1 bis 604800, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>grex serve: --%1 needs --http</source>
        <translation>grex serve: --%1 braucht --http</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Server:       %1</source>
        <translation>Server:       %1</translation>
    </message>
    <message>
        <source>Protocol:     %1</source>
        <translation>Protokoll:    %1</translation>
    </message>
    <message>
        <source>Capabilities: %1</source>
        <translation>Fähigkeiten:  %1</translation>
    </message>
    <message>
        <source>Instructions: %1</source>
        <translation>Hinweise:     %1</translation>
    </message>
    <message>
        <source>Tools (%1):</source>
        <translation>Werkzeuge (%1):</translation>
    </message>
    <message>
        <source>the tool failed: %1</source>
        <translation>das Werkzeug ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>grex mcp: %1</source>
        <translation>grex mcp: %1</translation>
    </message>
    <message>
        <source>grex mcp: unknown command &apos;%1&apos;; the commands are status and call</source>
        <translation>grex mcp: unbekannter Befehl &apos;%1&apos;; die Befehle sind status und call</translation>
    </message>
    <message>
        <source>grex mcp call: name the tool to call</source>
        <translation>grex mcp call: das aufzurufende Werkzeug angeben</translation>
    </message>
    <message>
        <source>--url wants an http:// or https:// URL, not &apos;%1&apos;</source>
        <translation>--url erwartet eine http://- oder https://-URL, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>grex mcp: give --url or a command after --, not both</source>
        <translation>grex mcp: --url oder einen Befehl nach -- angeben, nicht beides</translation>
    </message>
    <message>
        <source>grex mcp %1: give --url URL, or the server command after --</source>
        <translation>grex mcp %1: --url URL oder den Serverbefehl nach -- angeben</translation>
    </message>
    <message>
        <source>--token is for --url; a command after -- takes its own credentials</source>
        <translation>--token gilt für --url; ein Befehl nach -- bringt seine eigenen Zugangsdaten mit</translation>
    </message>
    <message>
        <source>--arg and --args are for grex mcp call</source>
        <translation>--arg und --args gelten für grex mcp call</translation>
    </message>
    <message>
        <source>--timeout wants a number of seconds above 0 and up to 86400, not &apos;%1&apos;</source>
        <translation>--timeout erwartet eine Sekundenzahl über 0 und bis 86400, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--args wants a JSON object, not &apos;%1&apos;</source>
        <translation>--args erwartet ein JSON-Objekt, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--arg wants KEY=VALUE, not &apos;%1&apos;</source>
        <translation>--arg erwartet SCHLÜSSEL=WERT, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Serve the workspace to AI agents over MCP (stdio, or HTTP with --http).</source>
        <translation>Den Arbeitsbereich KI-Agenten über MCP bereitstellen (stdio, oder HTTP mit --http).</translation>
    </message>
    <message>
        <source>Check an MCP server: &apos;grex mcp status&apos;, &apos;grex mcp call TOOL&apos;.</source>
        <translation>Einen MCP-Server prüfen: &apos;grex mcp status&apos;, &apos;grex mcp call WERKZEUG&apos;.</translation>
    </message>
    <message>
        <source>Serve streamable HTTP at http://ADDR:PORT/mcp instead of stdio (ADDR defaults to 127.0.0.1; port 0 picks a free one, which is logged).</source>
        <translation>Streamable HTTP unter http://ADDR:PORT/mcp statt stdio bereitstellen (ADDR ist standardmäßig 127.0.0.1; Port 0 wählt einen freien, der protokolliert wird).</translation>
    </message>
    <message>
        <source>With --http: require Authorization: Bearer TOKEN (default: GREX_MCP_TOKEN). Needed to listen beyond loopback.</source>
        <translation>Mit --http: Authorization: Bearer TOKEN verlangen (Standard: GREX_MCP_TOKEN). Nötig, um über Loopback hinaus zu lauschen.</translation>
    </message>
    <message>
        <source>With --http: also accept requests from this browser Origin (loopback origins are always accepted).</source>
        <translation>Mit --http: auch Anfragen mit diesem Browser-Origin annehmen (Loopback-Origins werden immer angenommen).</translation>
    </message>
    <message>
        <source>With --http: end a session after this long without a request (default: 1800).</source>
        <translation>Mit --http: eine Sitzung nach so vielen Sekunden ohne Anfrage beenden (Standard: 1800).</translation>
    </message>
    <message>
        <source>argument %1 is not valid UTF-8</source>
        <translation>Argument %1 ist kein gültiges UTF-8</translation>
    </message>
    <message>
        <source>grex completion: %1</source>
        <translation>grex completion: %1</translation>
    </message>
    <message>
        <source>grex completion: name the shell</source>
        <translation>grex completion: die Shell angeben</translation>
    </message>
    <message>
        <source>grex completion: unexpected argument &apos;%1&apos;</source>
        <translation>grex completion: unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>grex completion: no completion for the shell &apos;%1&apos;</source>
        <translation>grex completion: keine Vervollständigung für die Shell &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the shells are: %1</source>
        <translation>verfügbare Shells: %1</translation>
    </message>
    <message>
        <source>Manage a workspace of many git repositories as one graph.</source>
        <translation>Einen Arbeitsbereich aus vielen Git-Repositorys als einen einzigen Graphen verwalten.</translation>
    </message>
    <message>
        <source>A workspace is a directory holding the packs&apos; clones and two files: grex.jsonl records what was asked for, as an append-only log, and grex.lock.jsonl what was resolved and installed. grex sync makes the workspace what they declare, working on many packs at once.</source>
        <translation>Ein Arbeitsbereich ist ein Verzeichnis mit den Klonen der Packs und zwei Dateien: grex.jsonl verzeichnet als Protokoll, an das nur angehängt wird, was angefordert wurde, und grex.lock.jsonl, was aufgelöst und installiert wurde. grex sync bringt den Arbeitsbereich auf den Stand, den die beiden deklarieren, und bearbeitet dabei viele Packs gleichzeitig.</translation>
    </message>
    <message>
        <source>Make the current directory a workspace and add a first pack.</source>
        <translation>Das aktuelle Verzeichnis zu einem Arbeitsbereich machen und ein erstes Pack hinzufügen.</translation>
    </message>
    <message>
        <source>Bring every pack up to date, then see what drifted.</source>
        <translation>Jedes Pack auf den neuesten Stand bringen und dann sehen, was abweicht.</translation>
    </message>
    <message>
        <source>rm, run and exec run only when someone approves them: a grex-gui window open on the workspace, else the client (by elicitation), else --approve-destructive.</source>
        <translation>rm, run und exec laufen nur, wenn jemand sie genehmigt: ein für den Arbeitsbereich geöffnetes grex-gui-Fenster, sonst der Client (per Elicitation), sonst --approve-destructive.</translation>
    </message>
    <message>
        <source>Serve a workspace over stdio, as an MCP client launches it.</source>
        <translation>Einen Arbeitsbereich über stdio bereitstellen, so wie ein MCP-Client grex serve startet.</translation>
    </message>
    <message>
        <source>Serve streamable HTTP at http://127.0.0.1:8765/mcp with a bearer token.</source>
        <translation>Streamable HTTP unter http://127.0.0.1:8765/mcp mit einem Bearer-Token bereitstellen.</translation>
    </message>
    <message>
        <source>Connects to an MCP server as a client: over streamable HTTP with --url, or over stdio by starting CMD. `status` shows the server&apos;s name, version, protocol, capabilities and tools; `call` calls one tool and prints its result. A VALUE that parses as JSON (a number, true, [&quot;a&quot;]) is that JSON, otherwise a string.</source>
        <translation>Verbindet sich als Client mit einem MCP-Server: über Streamable HTTP mit --url oder über stdio, indem CMD gestartet wird. `status` zeigt Name, Version, Protokoll, Fähigkeiten und Werkzeuge des Servers; `call` ruft ein Werkzeug auf und gibt sein Ergebnis aus. Ein VALUE, der sich als JSON parsen lässt (eine Zahl, true, [&quot;a&quot;]), gilt als dieses JSON, sonst als Zeichenkette.</translation>
    </message>
    <message>
        <source>Exit codes: 0 success, 2 bad usage, 6 protocol error (the server failed, exited or answered something that is not MCP); a tool&apos;s own error exits with the code of its kind.</source>
        <translation>Exit-Status: 0 Erfolg, 2 falsche Verwendung, 6 Protokollfehler (der Server ist fehlgeschlagen, hat sich beendet oder etwas geantwortet, das kein MCP ist); ein eigener Fehler eines Werkzeugs führt zum Exit-Status seiner Fehlerart.</translation>
    </message>
    <message>
        <source>status or call.</source>
        <translation>status oder call.</translation>
    </message>
    <message>
        <source>The server&apos;s MCP endpoint, e.g. http://127.0.0.1:8765/mcp</source>
        <translation>Der MCP-Endpunkt des Servers, z. B. http://127.0.0.1:8765/mcp</translation>
    </message>
    <message>
        <source>Bearer token for --url (default: GREX_MCP_TOKEN, which other users cannot see in ps)</source>
        <translation>Bearer-Token für --url (Standard: GREX_MCP_TOKEN, das andere Benutzer in ps nicht sehen können)</translation>
    </message>
    <message>
        <source>How long to wait for each answer (default: 60)</source>
        <translation>Wie lange auf jede Antwort gewartet wird (Standard: 60)</translation>
    </message>
    <message>
        <source>An argument of the tool to call (repeatable).</source>
        <translation>Ein Argument des aufzurufenden Werkzeugs (wiederholbar).</translation>
    </message>
    <message>
        <source>The arguments of the tool to call, as a JSON object.</source>
        <translation>Die Argumente des aufzurufenden Werkzeugs als JSON-Objekt.</translation>
    </message>
    <message>
        <source>One JSON document on stdout</source>
        <translation>Ein einziges JSON-Dokument auf stdout</translation>
    </message>
    <message>
        <source>No colour or decoration</source>
        <translation>Keine Farben und keine Verzierungen</translation>
    </message>
    <message>
        <source>Start a server over stdio and show what it offers.</source>
        <translation>Einen Server über stdio starten und anzeigen, was er anbietet.</translation>
    </message>
    <message>
        <source>Call one tool of an HTTP server (the token from GREX_MCP_TOKEN).</source>
        <translation>Ein Werkzeug eines HTTP-Servers aufrufen (das Token aus GREX_MCP_TOKEN).</translation>
    </message>
    <message>
        <source>Print the shell completion script for bash, zsh or fish.</source>
        <translation>Das Shell-Vervollständigungsskript für bash, zsh oder fish ausgeben.</translation>
    </message>
    <message>
        <source>bash, zsh or fish.</source>
        <translation>bash, zsh oder fish.</translation>
    </message>
    <message>
        <source>Complete grex in this bash.</source>
        <translation>grex in dieser bash vervollständigen.</translation>
    </message>
    <message>
        <source>Install it for zsh (with ~/.zfunc on fpath).</source>
        <translation>Für zsh installieren (mit ~/.zfunc in fpath).</translation>
    </message>
    <message>
        <source>Install it for fish.</source>
        <translation>Für fish installieren.</translation>
    </message>
    <message>
        <source>The grex desktop window.</source>
        <translation>Das grex-Desktopfenster.</translation>
    </message>
    <message>
        <source>Opens the desktop window on WORKSPACE, or on the last workspace when none is given: the packs as a tree with their drift, last install and lock holder; sync, update, add, remove, import and doctor with a live log; the locks held; and the agents whose grex serve works on the workspace, with their calls in flight. A grex serve asks the window before it runs rm, run or exec.</source>
        <translation>Öffnet das Desktopfenster für WORKSPACE oder, wenn keiner angegeben ist, für den zuletzt geöffneten Arbeitsbereich: die Packs als Baum mit ihren Abweichungen, ihrer letzten Installation und dem Inhaber ihrer Sperre; Synchronisieren, Aktualisieren, Hinzufügen, Entfernen, Importieren und Diagnose mit Live-Protokoll; die gehaltenen Sperren; und die Agenten, deren grex serve auf dem Arbeitsbereich arbeitet, mit ihren laufenden Aufrufen. Ein grex serve fragt das Fenster, bevor es rm, run oder exec ausführt.</translation>
    </message>
    <message>
        <source>grex-gui also takes Qt&apos;s own options, such as -platform and -style.</source>
        <translation>grex-gui akzeptiert auch die eigenen Optionen von Qt, etwa -platform und -style.</translation>
    </message>
    <message>
        <source>The workspace to open (default: the last one).</source>
        <translation>Der zu öffnende Arbeitsbereich (Standard: der zuletzt geöffnete).</translation>
    </message>
    <message>
        <source>Open the window on a workspace.</source>
        <translation>Das Fenster für einen Arbeitsbereich öffnen.</translation>
    </message>
    <message>
        <source>How many packs to work on at once when --parallel is not given.</source>
        <translation>Wie viele Packs gleichzeitig bearbeitet werden, wenn --parallel nicht angegeben ist.</translation>
    </message>
    <message>
        <source>Log filter, overriding -v and -q: for example grex=debug,git=warn.</source>
        <translation>Protokollfilter mit Vorrang vor -v und -q: zum Beispiel grex=debug,git=warn.</translation>
    </message>
    <message>
        <source>The bearer token of grex serve --http and of grex mcp --url.</source>
        <translation>Das Bearer-Token von grex serve --http und von grex mcp --url.</translation>
    </message>
    <message>
        <source>When set, no colour in the output.</source>
        <translation>Wenn gesetzt, keine Farben in der Ausgabe.</translation>
    </message>
    <message>
        <source>Where grex serve finds the control socket of a grex-gui window.</source>
        <translation>Wo grex serve den Steuer-Socket eines grex-gui-Fensters findet.</translation>
    </message>
    <message>
        <source>The workspace&apos;s intent log: every pack added, updated, synced or removed, one JSON event per line, appended and never rewritten but by grex doctor --compact.</source>
        <translation>Das Absichtsprotokoll des Arbeitsbereichs: jedes hinzugefügte, aktualisierte, synchronisierte oder entfernte Pack, ein JSON-Ereignis pro Zeile, nur angehängt und nie umgeschrieben, außer durch grex doctor --compact.</translation>
    </message>
    <message>
        <source>What each pack resolved to: commit, branch, actions hash and install time.</source>
        <translation>Worauf jedes Pack aufgelöst wurde: Commit, Branch, Aktions-Hash und Installationszeitpunkt.</translation>
    </message>
    <message>
        <source>grex keeps one marked block per pack in the workspace&apos;s .gitignore, so a workspace repository does not track the packs&apos; clones.</source>
        <translation>grex pflegt in der .gitignore des Arbeitsbereichs einen markierten Block pro Pack, damit ein Arbeitsbereich-Repository die Klone der Packs nicht versioniert.</translation>
    </message>
    <message>
        <source>A pack&apos;s contract: its name and type, its children, what it depends on, and its actions.</source>
        <translation>Der Vertrag eines Packs: sein Name und Typ, seine Kinder, wovon es abhängt, und seine Aktionen.</translation>
    </message>
    <message>
        <source>The hook scripts of a scripted pack: setup.sh, sync.sh, update.sh and teardown.sh.</source>
        <translation>Die Hook-Skripte eines scripted-Packs: setup.sh, sync.sh, update.sh und teardown.sh.</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>Beispiele:</translation>
    </message>
    <message>
        <source>One of: %1.</source>
        <translation>Einer der Werte: %1.</translation>
    </message>
    <message>
        <source>grex manual</source>
        <translation>grex-Handbuch</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>BEZEICHNUNG</translation>
    </message>
    <message>
        <source>SYNOPSIS</source>
        <translation>ÜBERSICHT</translation>
    </message>
    <message>
        <source>DESCRIPTION</source>
        <translation>BESCHREIBUNG</translation>
    </message>
    <message>
        <source>VERBS</source>
        <translation>BEFEHLE</translation>
    </message>
    <message>
        <source>See %1(1).</source>
        <translation>Siehe %1(1).</translation>
    </message>
    <message>
        <source>ARGUMENTS</source>
        <translation>ARGUMENTE</translation>
    </message>
    <message>
        <source>OPTIONS</source>
        <translation>OPTIONEN</translation>
    </message>
    <message>
        <source>OPTIONS OF EVERY VERB</source>
        <translation>OPTIONEN ALLER BEFEHLE</translation>
    </message>
    <message>
        <source>EXAMPLES</source>
        <translation>BEISPIELE</translation>
    </message>
    <message>
        <source>EXIT STATUS</source>
        <translation>EXIT-STATUS</translation>
    </message>
    <message>
        <source>success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <source>ENVIRONMENT</source>
        <translation>UMGEBUNGSVARIABLEN</translation>
    </message>
    <message>
        <source>FILES</source>
        <translation>DATEIEN</translation>
    </message>
    <message>
        <source>SEE ALSO</source>
        <translation>SIEHE AUCH</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Options may come before or after the verb. Every verb but teardown, serve, mcp and completion is also a tool of grex serve; the tool&apos;s result is the verb&apos;s --json document.</source>
        <translation>Optionen dürfen vor oder nach dem Befehl stehen. Jeder Befehl außer teardown, serve, mcp und completion ist auch ein Werkzeug von grex serve; das Ergebnis des Werkzeugs ist das --json-Dokument des Befehls.</translation>
    </message>
    <message>
        <source>What changed in the packs named lib-* that have local changes.</source>
        <translation>Was sich in den Packs namens lib-* mit lokalen Änderungen geändert hat.</translation>
    </message>
    <message>
        <source>Let Claude Code start the server for this workspace.</source>
        <translation>Claude Code den Server für diesen Arbeitsbereich starten lassen.</translation>
    </message>
    <message>
        <source>Prints a script that completes grex&apos;s verbs, options and their values, and the names of the packs of the workspace being worked on. The packages install it for every shell; with a grex you built yourself, add the first example&apos;s line to ~/.bashrc, or write the script where your shell looks for completions.</source>
        <translation>Gibt ein Skript aus, das die Befehle und Optionen von grex samt ihren Werten vervollständigt, und die Namen der Packs des Arbeitsbereichs, an dem gearbeitet wird. Die Pakete installieren es für jede Shell; mit einem selbst gebauten grex die Zeile des ersten Beispiels in ~/.bashrc eintragen oder das Skript dorthin schreiben, wo die Shell Vervollständigungen sucht.</translation>
    </message>
    <message>
        <source>0: every git command opens its own SSH connection instead of sharing one per host.</source>
        <translation>0: jeder git-Befehl öffnet seine eigene SSH-Verbindung, statt eine pro Host zu teilen.</translation>
    </message>
    <message>
        <source>Seconds a git command may go without output and without receiving a byte before grex stops it and reports the pack as timed out (default 60).</source>
        <translation>Sekunden, die ein git-Befehl ohne Ausgabe und ohne ein empfangenes Byte laufen darf, bevor grex ihn stoppt und das Pack als abgelaufen meldet (Standard 60).</translation>
    </message>
    <message>
        <source>grex manages a workspace of many git repositories (packs) as one graph. A pack is a git repository with a .grex/pack.yaml that may own child packs, name the packs it depends on, and carry install actions (%1) or hooks.</source>
        <translation>grex verwaltet einen Arbeitsbereich aus vielen Git-Repositorys (Packs) als einen einzigen Graphen. Ein Pack ist ein Git-Repository mit einer .grex/pack.yaml; es kann Kind-Packs besitzen, die Packs nennen, von denen es abhängt, und Installationsaktionen (%1) oder Hooks mitbringen.</translation>
    </message>
    <message>
        <source>Tool calls that run at once, and the default width of each (default: GREX_PARALLEL or the number of CPUs).</source>
        <translation>Gleichzeitig laufende Werkzeugaufrufe und die Standardparallelität jedes Aufrufs (Standard: GREX_PARALLEL oder die Anzahl der CPUs).</translation>
    </message>
    <message>
        <source>Destructive: typing it at a terminal is the approval; without a terminal pass --yes.</source>
        <translation>Destruktiv: Wer den Befehl im Terminal eintippt, hat ihn damit genehmigt; ohne Terminal --yes angeben.</translation>
    </message>
    <message>
        <source>Also print each step of a run as it finishes, and more log output on stderr (GREX_LOG overrides).</source>
        <translation>Zusätzlich jeden Schritt eines Laufs ausgeben, sobald er fertig ist, und mehr Protokoll auf stderr (GREX_LOG hat Vorrang).</translation>
    </message>
    <message>
        <source>--tools: there is no tool &apos;%1&apos; (the tools are %2)</source>
        <translation>--tools: es gibt kein Werkzeug &apos;%1&apos; (die Werkzeuge sind %2)</translation>
    </message>
    <message>
        <source>--tools names %1, which --read-only leaves out (it offers %2)</source>
        <translation>--tools nennt %1, das --read-only weglässt (es bietet %2)</translation>
    </message>
    <message>
        <source>--tools names no tool</source>
        <translation>--tools nennt kein Werkzeug</translation>
    </message>
    <message>
        <source>Offer only the tools that change nothing (ls, status, doctor) and the resources.</source>
        <translation>Nur die Werkzeuge anbieten, die nichts ändern (ls, status, doctor), und die Ressourcen.</translation>
    </message>
    <message>
        <source>Offer only these tools, comma-separated (e.g. ls,status,sync).</source>
        <translation>Nur diese Werkzeuge anbieten, durch Kommas getrennt (z. B. ls,status,sync).</translation>
    </message>
    <message>
        <source>Serves the workspace as an MCP server (revisions %1) on stdin and stdout: one JSON-RPC message per line; or, with --http, over streamable HTTP at /mcp. Logs go to stderr. Every verb but serve is a tool. docs/mcp-clients.md shows how to connect clients.</source>
        <translation>Stellt den Arbeitsbereich als MCP-Server (Revisionen %1) auf stdin und stdout bereit: eine JSON-RPC-Nachricht pro Zeile; oder mit --http über Streamable HTTP unter /mcp. Protokolle gehen nach stderr. Jedes Verb außer serve ist ein Werkzeug. docs/mcp-clients.md zeigt, wie Clients verbunden werden.</translation>
    </message>
    <message>
        <source>The MCP revision to speak: 2026-07-28, 2025-11-25 or 2025-06-18 (default: 2026-07-28 when the server answers server/discover, else initialize)</source>
        <translation>Die zu sprechende MCP-Revision: 2026-07-28, 2025-11-25 oder 2025-06-18 (Standard: 2026-07-28, wenn der Server server/discover beantwortet, sonst initialize)</translation>
    </message>
    <message>
        <source>--request-timeout wants seconds from 0.1 to 3600, not &apos;%1&apos;</source>
        <translation>--request-timeout erwartet Sekunden von 0.1 bis 3600, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>With --http: close a connection that has not sent a whole request this long after it opened or after its last request (default: 10).</source>
        <translation>Mit --http: eine Verbindung schließen, die so lange nach dem Öffnen oder nach ihrer letzten Anfrage keine vollständige Anfrage gesendet hat (Standard: 10).</translation>
    </message>
    <message>
        <source>-C needs a directory</source>
        <translation>-C braucht ein Verzeichnis</translation>
    </message>
    <message>
        <source>-C %1: no such directory</source>
        <translation>-C %1: kein solches Verzeichnis</translation>
    </message>
    <message>
        <source>The workspace&apos;s grex.jsonl (default: the grex.jsonl in the current folder or the nearest one above it).</source>
        <translation>Die grex.jsonl des Arbeitsbereichs (Standard: die grex.jsonl im aktuellen Ordner oder die nächste darüber).</translation>
    </message>
    <message>
        <source>grex works from any folder inside a workspace, inside a pack too: it uses the nearest folder at or above the current one that holds grex.jsonl, as git finds a repository. -C DIR, before the verb, runs grex as if started in DIR; GREX_WORKSPACE names the workspace wherever grex is run; --manifest names its grex.jsonl. grex init makes the current folder a workspace, never one inside another workspace&apos;s pack.</source>
        <translation>grex arbeitet in jedem Ordner eines Arbeitsbereichs, auch in einem Pack: Es verwendet den nächsten Ordner auf oder über dem aktuellen, der eine grex.jsonl enthält, so wie git ein Repository findet. -C DIR vor dem Verb führt grex aus, als wäre es in DIR gestartet; GREX_WORKSPACE nennt den Arbeitsbereich, wo immer grex läuft; --manifest nennt seine grex.jsonl. grex init macht den aktuellen Ordner zu einem Arbeitsbereich, nie einen im Pack eines anderen Arbeitsbereichs.</translation>
    </message>
    <message>
        <source>did you mean &apos;%1&apos;? The verbs are: %2</source>
        <translation>meinten Sie &apos;%1&apos;? Verfügbare Befehle: %2</translation>
    </message>
    <message>
        <source>did you mean --%1?</source>
        <translation>meinten Sie --%1?</translation>
    </message>
    <message>
        <source>Run &apos;grex help &lt;verb&gt;&apos; or &apos;grex &lt;verb&gt; --help&apos; for the arguments of one verb.</source>
        <translation>Führen Sie &apos;grex help &lt;verb&gt;&apos; oder &apos;grex &lt;verb&gt; --help&apos; aus, um die Argumente eines Befehls zu sehen.</translation>
    </message>
    <message>
        <source>grex %1: give the folder or --manifest, not both</source>
        <translation>grex %1: Geben Sie den Ordner oder --manifest an, nicht beides</translation>
    </message>
    <message>
        <source>grex %1: %2 exists and is not a folder</source>
        <translation>grex %1: %2 existiert und ist kein Ordner</translation>
    </message>
    <message>
        <source>grex %1: cannot create the folder %2</source>
        <translation>grex %1: Der Ordner %2 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1 needs one of: %2</source>
        <translation>%1 braucht eines von: %2</translation>
    </message>
    <message>
        <source>--%1 must be a number of seconds from 0 to 86400, not &apos;%2&apos;</source>
        <translation>--%1 muss eine Anzahl Sekunden von 0 bis 86400 sein, nicht &apos;%2&apos;</translation>
    </message>
    <message>
        <source>How long a call whose client cannot answer an approval waits for the window&apos;s answer before it returns waiting_for_approval (default: 0, at once; the client calls again to go on).</source>
        <translation>Wie lange ein Aufruf, dessen Client keine Genehmigung beantworten kann, auf die Antwort des Fensters wartet, bevor er waiting_for_approval zurückgibt (Standard: 0, sofort; der Client ruft erneut auf, um fortzufahren).</translation>
    </message>
</context>
<context>
    <name>Grex::Gui</name>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>a window on %1 is open already; it is in front now</source>
        <translation>ein Fenster für %1 ist bereits offen; es ist jetzt im Vordergrund</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ActivityPanel</name>
    <message>
        <source>No operation has run yet.</source>
        <translation>Es wurde noch kein Vorgang ausgeführt.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>stage: %1</source>
        <translation>Phase: %1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>Fertig: %1</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>Cancelled: %1</source>
        <translation>Abgebrochen: %1</translation>
    </message>
    <message>
        <source>Pack</source>
        <translation>Pack</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Was geschah</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>Nächster Schritt</translation>
    </message>
    <message>
        <source>Hide the log</source>
        <translation>Protokoll ausblenden</translation>
    </message>
    <message>
        <source>Show the log</source>
        <translation>Protokoll zeigen</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Select %1 and show its changes</source>
        <translation>%1 auswählen und seine Änderungen zeigen</translation>
    </message>
    <message>
        <source>Engine steps</source>
        <translation>Engine-Schritte</translation>
    </message>
    <message>
        <source>Also log each step the engine takes, in its own terms (for debugging)</source>
        <translation>Auch jeden Schritt der Engine in ihren eigenen Worten protokollieren (zur Fehlersuche)</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::AddPackDialog</name>
    <message>
        <source>from its pack.yaml</source>
        <translation>aus seiner pack.yaml</translation>
    </message>
    <message>
        <source>Clone and register only; do not install</source>
        <translation>Nur klonen und registrieren; nicht installieren</translation>
    </message>
    <message>
        <source>Add a Pack</source>
        <translation>Pack hinzufügen</translation>
    </message>
    <message>
        <source>https://example.org/tools.git or /path/to/repo.git</source>
        <translation>https://example.org/tools.git oder /pfad/zu/repo.git</translation>
    </message>
    <message>
        <source>derived from the URL</source>
        <translation>aus der URL abgeleitet</translation>
    </message>
    <message>
        <source>the remote&apos;s default branch</source>
        <translation>Standard-Branch des Remote-Repositorys</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Path:</source>
        <translation>&amp;Pfad:</translation>
    </message>
    <message>
        <source>&amp;Ref:</source>
        <translation>&amp;Referenz:</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Typ:</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>none; e.g. work backend</source>
        <translation>keine; z. B. work backend</translation>
    </message>
    <message>
        <source>Ta&amp;gs:</source>
        <translation>Ta&amp;gs:</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::AgentsPanel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>Cancel call</source>
        <translation>Aufruf abbrechen</translation>
    </message>
    <message>
        <source>Server or call</source>
        <translation>Server oder Aufruf</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>Laufzeit</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>(not initialized yet)</source>
        <translation>(noch nicht initialisiert)</translation>
    </message>
    <message>
        <source>%1 — grex serve pid %2, %3</source>
        <translation>%1 — grex serve PID %2, %3</translation>
    </message>
    <message>
        <source>on %1 since %2</source>
        <translation>auf %1 seit %2</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) in flight</source>
        <translation>
            <numerusform>%n laufender Aufruf</numerusform>
            <numerusform>%n laufende Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (id %2)</source>
        <translation>%1 (ID %2)</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>lost: %1</source>
        <translation>verloren: %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Open a workspace to see the agents working on it.</source>
        <translation>Einen Arbeitsbereich öffnen, um die Agenten zu sehen, die daran arbeiten.</translation>
    </message>
    <message>
        <source>No grex serve is attached. Agents that start grex serve on this workspace appear here.</source>
        <translation>Kein grex serve verbunden. Agenten, die grex serve für diesen Arbeitsbereich starten, erscheinen hier.</translation>
    </message>
    <message numerus="yes">
        <source>%n grex serve process(es) attached.</source>
        <translation>
            <numerusform>%n grex-serve-Prozess verbunden.</numerusform>
            <numerusform>%n grex-serve-Prozesse verbunden.</numerusform>
        </translation>
    </message>
    <message>
        <source>waiting for your approval</source>
        <translation>wartet auf Genehmigung</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(ohne Namen)</translation>
    </message>
    <message>
        <source>approved by your session grant</source>
        <translation>durch Ihre Sitzungsfreigabe genehmigt</translation>
    </message>
    <message>
        <source>Approved without asking: you allowed %1 for this session</source>
        <translation>Ohne Nachfrage genehmigt: Sie haben %1 für diese Sitzung erlaubt</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Widerrufen</translation>
    </message>
    <message>
        <source>%1 (by session grant)</source>
        <translation>%1 (per Sitzungsfreigabe)</translation>
    </message>
    <message>
        <source>Allowed for %1 until its session ends: %2</source>
        <translation>Für %1 erlaubt, bis seine Sitzung endet: %2</translation>
    </message>
    <message>
        <source>Given at %1 to %2</source>
        <translation>Erteilt um %1 an %2</translation>
    </message>
    <message>
        <source>calls of %1 by %2 run without asking</source>
        <translation>Aufrufe von %1 durch %2 laufen ohne Rückfrage</translation>
    </message>
    <message>
        <source>Ask again for the next %1 of %2</source>
        <translation>Beim nächsten %1 von %2 wieder fragen</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ApprovalDesk</name>
    <message>
        <source>Approved by your session grant, without asking: %1</source>
        <translation>Durch Ihre Sitzungsfreigabe ohne Nachfrage genehmigt: %1</translation>
    </message>
    <message>
        <source>an unnamed client</source>
        <translation>ein unbenannter Client</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2: %3 in %n pack(s)</source>
        <translation>
            <numerusform>%1 von %2: %3 in %n Pack</numerusform>
            <numerusform>%1 von %2: %3 in %n Packs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 on %3</source>
        <translation>%1 von %2 auf %3</translation>
    </message>
    <message>
        <source>%1 %2 through grex serve (pid %3, %4)</source>
        <translation>%1 %2 über grex serve (PID %3, %4)</translation>
    </message>
    <message>
        <source>You denied %1</source>
        <translation>Sie haben %1 abgelehnt</translation>
    </message>
    <message>
        <source>You approved %1, and every %2 of this client for the rest of its session</source>
        <translation>Sie haben %1 genehmigt, und jedes %2 dieses Clients für den Rest seiner Sitzung</translation>
    </message>
    <message>
        <source>You approved %1</source>
        <translation>Sie haben %1 genehmigt</translation>
    </message>
    <message>
        <source>grex: approval needed</source>
        <translation>grex: Genehmigung erforderlich</translation>
    </message>
    <message>
        <source>%1 wants to run %2.</source>
        <translation>%1 möchte %2 ausführen.</translation>
    </message>
    <message>
        <source>The approval request %1 was withdrawn.</source>
        <translation>Die Genehmigungsanfrage %1 wurde zurückgezogen.</translation>
    </message>
    <message>
        <source>You revoked the session grant of %1 for %2: its next call asks again</source>
        <translation>Sie haben die Sitzungsfreigabe von %1 für %2 zurückgenommen: sein nächster Aufruf fragt wieder</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ApprovalDialog</name>
    <message>
        <source>Approve %1?</source>
        <translation>%1 genehmigen?</translation>
    </message>
    <message numerus="yes">
        <source>%1 wants to run the destructive tool “%2” in %n pack(s).</source>
        <translation>
            <numerusform>%1 möchte das destruktive Werkzeug „%2“ in %n Pack ausführen.</numerusform>
            <numerusform>%1 möchte das destruktive Werkzeug „%2“ in %n Packs ausführen.</numerusform>
        </translation>
    </message>
    <message>
        <source>An MCP client</source>
        <translation>Ein MCP-Client</translation>
    </message>
    <message>
        <source>Client:</source>
        <translation>Client:</translation>
    </message>
    <message>
        <source>What:</source>
        <translation>Was:</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>Packs (%1):</source>
        <translation>Packs (%1):</translation>
    </message>
    <message>
        <source>Dry-run preview:</source>
        <translation>Vorschau (Probelauf):</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>&amp;Ablehnen</translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation>&amp;Genehmigen</translation>
    </message>
    <message>
        <source>Allow “%1” for %2 for the rest of its session without asking</source>
        <translation>„%1“ für %2 für den Rest seiner Sitzung ohne Rückfrage erlauben</translation>
    </message>
    <message>
        <source>this client</source>
        <translation>diesen Client</translation>
    </message>
    <message>
        <source>This client does not name itself, so grex cannot tell its calls from another&apos;s: each call is asked for.</source>
        <translation>Dieser Client nennt keinen Namen, daher kann grex seine Aufrufe nicht von denen anderer unterscheiden: Jeder Aufruf wird erfragt.</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ControlServer</name>
    <message>
        <source>another grex window is watching this workspace; its agents show there</source>
        <translation>ein anderes grex-Fenster beobachtet diesen Arbeitsbereich; seine Agenten werden dort angezeigt</translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation>Lauschen auf %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>the server went away</source>
        <translation>der Server ist nicht mehr erreichbar</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::DetailsPane</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Zeitpunkt</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Directory</source>
        <translation>Verzeichnis</translation>
    </message>
    <message>
        <source>Ref</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>Branch</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>Commit</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Tracking</source>
        <translation>Upstream</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Locked by</source>
        <translation>Gesperrt von</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message>
        <source># %1 has no pack.yaml: it is a meta pack with no actions.</source>
        <translation># %1 hat keine pack.yaml: es ist ein meta-Pack ohne Aktionen.</translation>
    </message>
    <message>
        <source># %1 is not on disk yet: grex sync clones it.</source>
        <translation># %1 ist noch nicht auf dem Datenträger: grex sync klont es.</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>(no actions)</source>
        <translation>(keine Aktionen)</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Was geschah</translation>
    </message>
    <message>
        <source>File or commit</source>
        <translation>Datei oder Commit</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Änderungen</translation>
    </message>
    <message>
        <source>Select a pack to see why it drifted, its pack.yaml, its actions and what grex did with it.</source>
        <translation>Ein Pack auswählen, um zu sehen, warum es abweicht, seine pack.yaml, seine Aktionen und was grex damit getan hat.</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Last fetched</source>
        <translation>Zuletzt abgerufen</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Fetch failed</source>
        <translation>Abruf fehlgeschlagen</translation>
    </message>
    <message numerus="yes">
        <source>%n changed or untracked file(s)</source>
        <translation>
            <numerusform>%n geänderte oder unversionierte Datei</numerusform>
            <numerusform>%n geänderte oder unversionierte Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>the upstream</source>
        <translation>dem Upstream</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) on %1 not here yet (incoming)</source>
        <translation>
            <numerusform>%n Commit auf %1, der hier noch fehlt (eingehend)</numerusform>
            <numerusform>%n Commits auf %1, die hier noch fehlen (eingehend)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) here not on %1 (outgoing)</source>
        <translation>
            <numerusform>%n Commit hier, der nicht auf %1 ist (ausgehend)</numerusform>
            <numerusform>%n Commits hier, die nicht auf %1 sind (ausgehend)</numerusform>
        </translation>
    </message>
    <message>
        <source>More than shown: see git status and git log in the pack.</source>
        <translation>Mehr als gezeigt: siehe git status und git log im Pack.</translation>
    </message>
    <message>
        <source>Nothing changed, and nothing between here and %1.</source>
        <translation>Nichts geändert, und nichts zwischen hier und %1.</translation>
    </message>
    <message>
        <source>Nothing changed; the checkout has no upstream.</source>
        <translation>Nichts geändert; der Checkout hat keinen Upstream.</translation>
    </message>
    <message>
        <source>No difference git can show (a binary file, or only its mode changed).</source>
        <translation>Kein Unterschied, den git zeigen kann (eine Binärdatei, oder nur die Rechte haben sich geändert).</translation>
    </message>
    <message>
        <source>State, or author and date</source>
        <translation>Zustand, oder Autor und Datum</translation>
    </message>
    <message>
        <source>repository (no .grex/pack.yaml: nothing to install)</source>
        <translation>Repository (keine .grex/pack.yaml: nichts zu installieren)</translation>
    </message>
    <message>
        <source>(none: a plain repository has nothing to install)</source>
        <translation>(keine: ein einfaches Repository hat nichts zu installieren)</translation>
    </message>
    <message>
        <source>Select a file to see its changes, or a commit to read it.</source>
        <translation>Wählen Sie eine Datei, um ihre Änderungen zu sehen, oder einen Commit, um ihn zu lesen.</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::DoctorDialog</name>
    <message>
        <source>&amp;Fix</source>
        <translation>&amp;Beheben</translation>
    </message>
    <message>
        <source>Also compact grex.jsonl and the lockfile</source>
        <translation>Auch grex.jsonl und grex.lock.jsonl verdichten</translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Pack</source>
        <translation>Pack</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>doctor</source>
        <translation>doctor</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>behoben</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>warning, fixable</source>
        <translation>Warnung, behebbar</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>error, fixable</source>
        <translation>Fehler, behebbar</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::ImportDialog</name>
    <message>
        <source>The git clones in the workspace that no pack accounts for</source>
        <translation>Die Git-Klone im Arbeitsbereich, die zu keinem Pack gehören</translation>
    </message>
    <message>
        <source>meta (the default)</source>
        <translation>meta (Standard)</translation>
    </message>
    <message>
        <source>Import Packs</source>
        <translation>Packs importieren</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>Type of repositories without pack.yaml:</source>
        <translation>Typ von Repositorys ohne pack.yaml:</translation>
    </message>
    <message>
        <source>Preview…</source>
        <translation>Vorschau…</translation>
    </message>
    <message>
        <source>Register as packs:</source>
        <translation>Als Packs registrieren:</translation>
    </message>
    <message>
        <source>The repositories another tool lists (gita, myrepos, vcstool, mani, repo, west, REPOS.json):</source>
        <translation>Die Repositorys, die ein anderes Werkzeug auflistet (gita, myrepos, vcstool, mani, repo, west, REPOS.json):</translation>
    </message>
    <message>
        <source>A list of repositories</source>
        <translation>Eine Liste von Repositorys</translation>
    </message>
    <message>
        <source>Lists of repositories (*.repos *.yml *.yaml *.xml *.csv *.json .mrconfig *.mrconfig);;All files (*)</source>
        <translation>Listen von Repositorys (*.repos *.yml *.yaml *.xml *.csv *.json .mrconfig *.mrconfig);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::LiveState</name>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>No file manager opened %1.</source>
        <translation>Kein Dateimanager hat %1 geöffnet.</translation>
    </message>
    <message>
        <source>Opened a terminal in %1</source>
        <translation>Terminal in %1 geöffnet</translation>
    </message>
    <message>
        <source>No terminal found: set TERMINAL to the one you use.</source>
        <translation>Kein Terminal gefunden: setzen Sie TERMINAL auf das, das Sie benutzen.</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>%1 kopiert</translation>
    </message>
    <message>
        <source>Opened %1 in %2</source>
        <translation>%1 in %2 geöffnet</translation>
    </message>
    <message>
        <source>No editor found: set GREX_EDITOR to the one you use.</source>
        <translation>Kein Editor gefunden: setzen Sie GREX_EDITOR auf den, den Sie verwenden.</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::LocksPanel</name>
    <message>
        <source>Clear stale locks (doctor --fix)</source>
        <translation>Verwaiste Sperren entfernen (doctor --fix)</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>Sperre</translation>
    </message>
    <message>
        <source>Pack</source>
        <translation>Pack</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>Inhaber</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Seit</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>workspace (sync)</source>
        <translation>Arbeitsbereich (sync)</translation>
    </message>
    <message>
        <source>intent log</source>
        <translation>Absichtsprotokoll</translation>
    </message>
    <message>
        <source>git backend</source>
        <translation>Git-Backend</translation>
    </message>
    <message>
        <source>pack</source>
        <translation>Pack</translation>
    </message>
    <message>
        <source>held</source>
        <translation>gehalten</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>verwaist</translation>
    </message>
    <message>
        <source>gone</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>No lock is held.</source>
        <translation>Keine Sperre wird gehalten.</translation>
    </message>
    <message numerus="yes">
        <source>%n lock(s) held</source>
        <translation>
            <numerusform>%n Sperre gehalten</numerusform>
            <numerusform>%n Sperren gehalten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale</source>
        <translation>
            <numerusform>%n verwaist</numerusform>
            <numerusform>%n verwaist</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Grex::Gui::MainWindow</name>
    <message>
        <source>grex</source>
        <translation>grex</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>Arbeitsbereich</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>No workspace open</source>
        <translation>Kein Arbeitsbereich geöffnet</translation>
    </message>
    <message>
        <source>%1 — grex</source>
        <translation>%1 — grex</translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>Locks</source>
        <translation>Sperren</translation>
    </message>
    <message>
        <source>Agents (grex serve)</source>
        <translation>Agenten (grex serve)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About grex</source>
        <translation>Ü&amp;ber grex</translation>
    </message>
    <message>
        <source>About grex</source>
        <translation>Über grex</translation>
    </message>
    <message>
        <source>&lt;h3&gt;grex %1&lt;/h3&gt;&lt;p&gt;Manages a workspace of git repositories (packs) as one graph, for people and for AI agents.&lt;/p&gt;&lt;p&gt;Agents connect through &lt;code&gt;grex serve&lt;/code&gt; (MCP); this window shows their calls and asks you before they remove packs or run commands.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;grex %1&lt;/h3&gt;&lt;p&gt;Verwaltet einen Arbeitsbereich aus Git-Repositorys (Packs) als einen einzigen Graphen, für Menschen und für KI-Agenten.&lt;/p&gt;&lt;p&gt;Agenten verbinden sich über &lt;code&gt;grex serve&lt;/code&gt; (MCP); dieses Fenster zeigt ihre Aufrufe und fragt nach, bevor sie Packs entfernen oder Befehle ausführen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Clearing stale locks (doctor --fix)</source>
        <translation>Verwaiste Sperren werden entfernt (doctor --fix)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Packs</source>
        <translation>&amp;Packs</translation>
    </message>
    <message>
        <source>&amp;New Workspace…</source>
        <translation>&amp;Neuer Arbeitsbereich…</translation>
    </message>
    <message>
        <source>&amp;Open Workspace…</source>
        <translation>Arbeitsbereich &amp;öffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Sync</source>
        <translation>&amp;Synchronisieren</translation>
    </message>
    <message>
        <source>Clone what is missing, fetch and fast-forward, install (grex sync)</source>
        <translation>Fehlendes klonen, fetchen und vorspulen, installieren (grex sync)</translation>
    </message>
    <message>
        <source>Preview S&amp;ync…</source>
        <translation>S&amp;ynchronisieren mit Vorschau…</translation>
    </message>
    <message>
        <source>&amp;Update</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Sync, then reinstall the packs whose actions changed (grex update)</source>
        <translation>Synchronisieren, dann die Packs neu installieren, deren Aktionen sich geändert haben (grex update)</translation>
    </message>
    <message>
        <source>Preview U&amp;pdate…</source>
        <translation>A&amp;ktualisieren mit Vorschau…</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>&amp;Entfernen…</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>&amp;Doctor…</source>
        <translation>&amp;Diagnose…</translation>
    </message>
    <message>
        <source>Check the workspace and repair what can be repaired (grex doctor)</source>
        <translation>Den Arbeitsbereich prüfen und reparieren, was sich reparieren lässt (grex doctor)</translation>
    </message>
    <message>
        <source>New Workspace in Folder</source>
        <translation>Neuer Arbeitsbereich in Ordner</translation>
    </message>
    <message>
        <source>Wait for the running operation to finish.</source>
        <translation>Warten, bis der laufende Vorgang abgeschlossen ist.</translation>
    </message>
    <message>
        <source>Creating a workspace in %1</source>
        <translation>Arbeitsbereich wird in %1 angelegt</translation>
    </message>
    <message>
        <source>Workspace busy: %1 holds its sync lock. Sync, update, add, remove and import wait until it lets go.</source>
        <translation>Arbeitsbereich belegt: %1 hält seine Sync-Sperre. Synchronisieren, Aktualisieren, Hinzufügen, Entfernen und Importieren warten, bis sie freigegeben wird.</translation>
    </message>
    <message>
        <source>Workspace busy: %1 holds its sync lock. Try again when it is done.</source>
        <translation>Arbeitsbereich belegt: %1 hält seine Sync-Sperre. Erneut versuchen, wenn der Vorgang abgeschlossen ist.</translation>
    </message>
    <message>
        <source>Preview: %1</source>
        <translation>Vorschau: %1</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>Synchronisieren</translation>
    </message>
    <message>
        <source>A sync would do this. Run it?</source>
        <translation>Eine Synchronisation würde Folgendes tun. Ausführen?</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>An update would do this. Run it?</source>
        <translation>Eine Aktualisierung würde Folgendes tun. Ausführen?</translation>
    </message>
    <message>
        <source>Adding %1</source>
        <translation>%1 wird hinzugefügt</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>%1 is a child of another pack; remove its parent, or remove it from the parent&apos;s pack.yaml.</source>
        <translation>%1 ist ein Kind eines anderen Packs; sein Eltern-Pack entfernen oder es aus der pack.yaml des Eltern-Packs entfernen.</translation>
    </message>
    <message>
        <source>Removing %1</source>
        <translation>%1 wird entfernt</translation>
    </message>
    <message>
        <source>Removing %1 does this. Nothing is removed until you press Remove.</source>
        <translation>Das Entfernen von %1 bewirkt Folgendes. Erst mit „Entfernen“ wird etwas entfernt.</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>An import would register these. Import them?</source>
        <translation>Ein Import würde Folgendes registrieren. Importieren?</translation>
    </message>
    <message>
        <source>Doctor: fixing</source>
        <translation>Diagnose: Beheben</translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>The preview failed: %1</source>
        <translation>Die Vorschau ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1 was cancelled.</source>
        <translation>%1 wurde abgebrochen.</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Quit grex</source>
        <translation>grex beenden</translation>
    </message>
    <message>
        <source>%1 is still running. Cancel it and quit?</source>
        <translation>%1 läuft noch. Abbrechen und beenden?</translation>
    </message>
    <message>
        <source>The dry run failed: %1</source>
        <translation>Der Probelauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Not run: the preview was of %1, and %2 is open now.</source>
        <translation>Nicht ausgeführt: Die Vorschau galt %1, geöffnet ist jetzt %2.</translation>
    </message>
    <message>
        <source>Edit &amp;Tags…</source>
        <translation>&amp;Tags bearbeiten…</translation>
    </message>
    <message>
        <source>Add or remove the selected pack&apos;s tags (grex tag)</source>
        <translation>Tags des ausgewählten Packs hinzufügen oder entfernen (grex tag)</translation>
    </message>
    <message>
        <source>Edit Tags</source>
        <translation>Tags bearbeiten</translation>
    </message>
    <message>
        <source>Tagging %1</source>
        <translation>Tagge %1</translation>
    </message>
    <message>
        <source>%1 is not shown: clear the filter.</source>
        <translation>%1 wird nicht gezeigt: leere den Filter.</translation>
    </message>
    <message>
        <source>&amp;Filter Packs</source>
        <translation>Packs &amp;filtern</translation>
    </message>
    <message>
        <source>Sort by &amp;Needs Attention</source>
        <translation>Nach &amp;Handlungsbedarf sortieren</translation>
    </message>
    <message>
        <source>Sort by &amp;Name</source>
        <translation>Nach &amp;Name sortieren</translation>
    </message>
    <message>
        <source>&amp;Fetch</source>
        <translation>&amp;Abrufen</translation>
    </message>
    <message>
        <source>Fetch every pack and show what is new upstream; no working tree changes (grex status --fetch)</source>
        <translation>Jedes Pack abrufen und zeigen, was upstream neu ist; kein Arbeitsverzeichnis ändert sich (grex status --fetch)</translation>
    </message>
    <message>
        <source>Open &amp;Folder</source>
        <translation>&amp;Ordner öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Terminal Here</source>
        <translation>&amp;Terminal hier öffnen</translation>
    </message>
    <message>
        <source>&amp;Copy Path</source>
        <translation>Pfad &amp;kopieren</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n shown</source>
        <translation>
            <numerusform>%1 von %n gezeigt</numerusform>
            <numerusform>%1 von %n gezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>Fetching in the background</source>
        <translation>Abruf im Hintergrund</translation>
    </message>
    <message>
        <source>Fetch</source>
        <translation>Abrufen</translation>
    </message>
    <message>
        <source>Pushing task %1</source>
        <translation>Aufgabe %1 wird gepusht</translation>
    </message>
    <message>
        <source>Pushing task %1 does this. Nothing is pushed until you press Push.</source>
        <translation>Das Pushen der Aufgabe %1 bewirkt dies. Nichts wird gepusht, bevor Sie auf Pushen drücken.</translation>
    </message>
    <message>
        <source>Finishing task %1</source>
        <translation>Aufgabe %1 wird abgeschlossen</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>Aufgaben</translation>
    </message>
    <message>
        <source>Reading the packs of %1…</source>
        <translation>Die Packs von %1 werden gelesen…</translation>
    </message>
    <message>
        <source>some packs never fetched</source>
        <translation>manche Packs nie abgerufen</translation>
    </message>
    <message>
        <source>fetched %1</source>
        <translation>abgerufen %1</translation>
    </message>
    <message>
        <source>fetching…</source>
        <translation>Abruf läuft…</translation>
    </message>
    <message>
        <source>Sync Selected</source>
        <translation>Auswahl synchronisieren</translation>
    </message>
    <message>
        <source>Fetch, fast-forward and install only the selected packs (grex sync --filter name=…)</source>
        <translation>Nur die ausgewählten Packs abrufen, vorspulen und installieren (grex sync --filter name=…)</translation>
    </message>
    <message>
        <source>Fetch Selected</source>
        <translation>Auswahl abrufen</translation>
    </message>
    <message>
        <source>Fetch only the selected packs; no working tree changes (grex status --fetch --filter name=…)</source>
        <translation>Nur die ausgewählten Packs abrufen; kein Arbeitsverzeichnis wird geändert (grex status --fetch --filter name=…)</translation>
    </message>
    <message>
        <source>S&amp;ync %1</source>
        <translation>%1 s&amp;ynchronisieren</translation>
    </message>
    <message numerus="yes">
        <source>S&amp;ync %n Selected Pack(s)</source>
        <translation>
            <numerusform>%n ausgewähltes Pack s&amp;ynchronisieren</numerusform>
            <numerusform>%n ausgewählte Packs s&amp;ynchronisieren</numerusform>
        </translation>
    </message>
    <message>
        <source>F&amp;etch %1</source>
        <translation>%1 a&amp;brufen</translation>
    </message>
    <message numerus="yes">
        <source>F&amp;etch %n Selected Pack(s)</source>
        <translation>
            <numerusform>%n ausgewähltes Pack a&amp;brufen</numerusform>
            <numerusform>%n ausgewählte Packs a&amp;brufen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 and %n more</source>
        <translation>
            <numerusform>%1, %2 und %n weiteres</numerusform>
            <numerusform>%1, %2 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Sync %1</source>
        <translation>%1 synchronisieren</translation>
    </message>
    <message>
        <source>Fetch %1</source>
        <translation>%1 abrufen</translation>
    </message>
    <message>
        <source>The preview reads what is on disk and does not fetch: what is new upstream shows in the real run.</source>
        <translation>Die Vorschau liest, was auf dem Datenträger liegt, und ruft nichts ab: was im Upstream neu ist, zeigt erst der echte Lauf.</translation>
    </message>
    <message numerus="yes">
        <source>As they are now, the sync would leave %n pack(s) alone or fail them:</source>
        <translation>
            <numerusform>So wie es jetzt ist, würde die Synchronisierung %n Pack unverändert lassen oder daran scheitern:</numerusform>
            <numerusform>So wie sie jetzt sind, würde die Synchronisierung %n Packs unverändert lassen oder daran scheitern:</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter: a word, or name=api-*, drift=dirty|behind, tag=work</source>
        <translation>Filter: ein Wort, oder name=api-*, drift=dirty|behind, tag=work</translation>
    </message>
    <message numerus="yes">
        <source>%n pack(s)</source>
        <translation>
            <numerusform>%n Pack</numerusform>
            <numerusform>%n Packs</numerusform>
        </translation>
    </message>
    <message>
        <source>Open in &amp;Editor</source>
        <translation>Im &amp;Editor öffnen</translation>
    </message>
    <message>
        <source>Fast-forward Selected</source>
        <translation>Auswahl vorspulen</translation>
    </message>
    <message>
        <source>Fetch and fast-forward only the selected packs; install nothing (grex sync --no-install --filter name=…)</source>
        <translation>Nur die ausgewählten Packs abrufen und vorspulen; nichts installieren (grex sync --no-install --filter name=…)</translation>
    </message>
    <message>
        <source>Fast-&amp;forward %1</source>
        <translation>%1 &amp;vorspulen</translation>
    </message>
    <message numerus="yes">
        <source>Fast-&amp;forward %n Selected Pack(s)</source>
        <translation>
            <numerusform>%n ausgewähltes Pack &amp;vorspulen</numerusform>
            <numerusform>%n ausgewählte Packs &amp;vorspulen</numerusform>
        </translation>
    </message>
    <message>
        <source>Fast-forward %1</source>
        <translation>%1 vorspulen</translation>
    </message>
    <message>
        <source>&amp;Git</source>
        <translation>&amp;Git</translation>
    </message>
    <message>
        <source>Check out the branch each pack follows (grex switch)</source>
        <translation>Den Branch auschecken, dem jedes Pack folgt (grex switch)</translation>
    </message>
    <message>
        <source>For a pack whose upstream branch was deleted or renamed: check out what the remote calls its default branch now (grex switch --to-default)</source>
        <translation>Für ein Pack, dessen Upstream-Branch gelöscht oder umbenannt wurde: den Branch auschecken, den das Remote jetzt als Standard nennt (grex switch --to-default)</translation>
    </message>
    <message>
        <source>Commit every change of the selected packs with one message (grex commit)</source>
        <translation>Jede Änderung der ausgewählten Packs mit einer Nachricht committen (grex commit)</translation>
    </message>
    <message>
        <source>Push %1</source>
        <translation>%1 pushen</translation>
    </message>
    <message>
        <source>Pushing %1 sends these commits. Nothing is pushed until you press Push.</source>
        <translation>Das Pushen von %1 sendet diese Commits. Nichts wird gepusht, bevor Sie Pushen drücken.</translation>
    </message>
    <message>
        <source>Push the branch of the selected packs to their remotes (grex push)</source>
        <translation>Den Branch der ausgewählten Packs auf ihre Remotes pushen (grex push)</translation>
    </message>
    <message>
        <source>Stash %1</source>
        <translation>%1 stashen</translation>
    </message>
    <message>
        <source>Put the changes aside in a git stash; git stash pop brings them back (grex stash)</source>
        <translation>Die Änderungen in einem git-Stash beiseitelegen; git stash pop holt sie zurück (grex stash)</translation>
    </message>
    <message>
        <source>Discard the changes of %1</source>
        <translation>Die Änderungen von %1 verwerfen</translation>
    </message>
    <message>
        <source>Discarding the changes of %1 throws these files away for good. Nothing is discarded until you press Discard.</source>
        <translation>Das Verwerfen der Änderungen von %1 wirft diese Dateien endgültig weg. Nichts wird verworfen, bevor Sie Verwerfen drücken.</translation>
    </message>
    <message>
        <source>Throw away the changed and untracked files; asks first and names them (grex discard)</source>
        <translation>Die geänderten und unversionierten Dateien wegwerfen; fragt vorher und nennt sie (grex discard)</translation>
    </message>
    <message>
        <source>S&amp;witch %1 to Its Branch</source>
        <translation>%1 auf seinen Branch &amp;wechseln</translation>
    </message>
    <message>
        <source>Switch %1 to the Remote&apos;s &amp;Default Branch</source>
        <translation>%1 auf den &amp;Standard-Branch des Remotes wechseln</translation>
    </message>
    <message>
        <source>&amp;Commit %1…</source>
        <translation>%1 &amp;committen…</translation>
    </message>
    <message>
        <source>&amp;Push %1…</source>
        <translation>%1 &amp;pushen…</translation>
    </message>
    <message>
        <source>St&amp;ash Changes of %1</source>
        <translation>Änderungen von %1 st&amp;ashen</translation>
    </message>
    <message>
        <source>D&amp;iscard Changes of %1…</source>
        <translation>Änderungen von %1 &amp;verwerfen…</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>Committen</translation>
    </message>
    <message>
        <source>One commit in each of %1 that has changes, with this message:</source>
        <translation>Ein Commit in jedem von %1 mit Änderungen, mit dieser Nachricht:</translation>
    </message>
    <message>
        <source>Not committed: the message is empty.</source>
        <translation>Nicht committet: die Nachricht ist leer.</translation>
    </message>
    <message>
        <source>Commit %1</source>
        <translation>%1 committen</translation>
    </message>
    <message>
        <source>Switch %1 back</source>
        <translation>%1 zurückwechseln</translation>
    </message>
    <message>
        <source>Switch %1 to the default branch</source>
        <translation>%1 auf den Standard-Branch wechseln</translation>
    </message>
    <message numerus="yes">
        <source>S&amp;witch %n Selected Pack(s) to Their Branches</source>
        <translation>
            <numerusform>%n ausgewähltes Pack auf seinen Branch &amp;wechseln</numerusform>
            <numerusform>%n ausgewählte Packs auf ihre Branches &amp;wechseln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Switch %n Selected Pack(s) to the Remotes&apos; &amp;Default Branches</source>
        <translation>
            <numerusform>%n ausgewähltes Pack auf den &amp;Standard-Branch des Remotes wechseln</numerusform>
            <numerusform>%n ausgewählte Packs auf die &amp;Standard-Branches der Remotes wechseln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Commit %n Selected Pack(s)…</source>
        <translation>
            <numerusform>%n ausgewähltes Pack &amp;committen…</numerusform>
            <numerusform>%n ausgewählte Packs &amp;committen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Push %n Selected Pack(s)…</source>
        <translation>
            <numerusform>%n ausgewähltes Pack &amp;pushen…</numerusform>
            <numerusform>%n ausgewählte Packs &amp;pushen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>St&amp;ash Changes of %n Selected Pack(s)</source>
        <translation>
            <numerusform>Änderungen von %n ausgewähltem Pack st&amp;ashen</numerusform>
            <numerusform>Änderungen von %n ausgewählten Packs st&amp;ashen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>D&amp;iscard Changes of %n Selected Pack(s)…</source>
        <translation>
            <numerusform>Änderungen von %n ausgewähltem Pack &amp;verwerfen…</numerusform>
            <numerusform>Änderungen von %n ausgewählten Packs &amp;verwerfen…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Grex::Gui::PackTreeModel</name>
    <message>
        <source>detached</source>
        <translation>losgelöst</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Pack</source>
        <translation>Pack</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Branch or ref</source>
        <translation>Branch oder Referenz</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>Commit</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message>
        <source>clean</source>
        <translation>sauber</translation>
    </message>
    <message numerus="yes">
        <source>dirty: %n changed file(s)</source>
        <translation>
            <numerusform>geändert: %n Datei</numerusform>
            <numerusform>geändert: %n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>stale: not installed</source>
        <translation>veraltet: nicht installiert</translation>
    </message>
    <message>
        <source>stale: actions changed</source>
        <translation>veraltet: Aktionen geändert</translation>
    </message>
    <message>
        <source>stale: installed long ago</source>
        <translation>veraltet: vor langer Zeit installiert</translation>
    </message>
    <message>
        <source>stale: commit changed</source>
        <translation>veraltet: Commit geändert</translation>
    </message>
    <message numerus="yes">
        <source>behind by %n</source>
        <translation>
            <numerusform>%n Commit zurück</numerusform>
            <numerusform>%n Commits zurück</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>ahead by %n</source>
        <translation>
            <numerusform>%n Commit voraus</numerusform>
            <numerusform>%n Commits voraus</numerusform>
        </translation>
    </message>
    <message>
        <source>untracked</source>
        <translation>nicht erfasst</translation>
    </message>
    <message>
        <source>%1 (pid %2 on %3)</source>
        <translation>%1 (PID %2 auf %3)</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Locked by</source>
        <translation>Gesperrt von</translation>
    </message>
    <message>
        <source>diverged: %1 ahead, %2 behind</source>
        <translation>divergiert: %1 voraus, %2 zurück</translation>
    </message>
    <message numerus="yes">
        <source>upstream rewritten: %n commit(s) no longer upstream</source>
        <translation>
            <numerusform>Upstream umgeschrieben: %n Commit nicht mehr upstream</numerusform>
            <numerusform>Upstream umgeschrieben: %n Commits nicht mehr upstream</numerusform>
        </translation>
    </message>
    <message>
        <source>upstream branch gone</source>
        <translation>Upstream-Branch weg</translation>
    </message>
    <message>
        <source>upstream branch gone; the remote&apos;s default is %1</source>
        <translation>Upstream-Branch weg; Standard des Remotes ist %1</translation>
    </message>
    <message>
        <source>on %1, not %2</source>
        <translation>auf %1, nicht %2</translation>
    </message>
    <message>
        <source>detached, not on %1</source>
        <translation>losgelöst, nicht auf %1</translation>
    </message>
    <message numerus="yes">
        <source>%n untracked file(s)</source>
        <translation>
            <numerusform>%n unversionierte Datei</numerusform>
            <numerusform>%n unversionierte Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>Last run: %1</source>
        <translation>Letzter Lauf: %1</translation>
    </message>
    <message>
        <source>fetch failed: %1</source>
        <translation>Abruf fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>fetch failed</source>
        <translation>Abruf fehlgeschlagen</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>defekt</translation>
    </message>
    <message>
        <source>broken: %1</source>
        <translation>defekt: %1</translation>
    </message>
    <message>
        <source>repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>vor %n Min.</numerusform>
            <numerusform>vor %n Min.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>vor %n Std.</numerusform>
            <numerusform>vor %n Std.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n day(s) ago</source>
        <translation>
            <numerusform>vor %n Tag</numerusform>
            <numerusform>vor %n Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>Last fetched %1</source>
        <translation>Zuletzt abgerufen %1</translation>
    </message>
    <message>
        <source>Fetched</source>
        <translation>Abgerufen</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>The system&apos;s language</source>
        <translation>Sprache des Systems</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>A new language shows the next time grex-gui starts.</source>
        <translation>Eine neue Sprache wird beim nächsten Start von grex-gui wirksam.</translation>
    </message>
    <message>
        <source>Never (Fetch or status --fetch when you ask)</source>
        <translation>Nie (Abrufen oder status --fetch, wenn Sie es wollen)</translation>
    </message>
    <message numerus="yes">
        <source>Every %n minute(s)</source>
        <translation>
            <numerusform>Jede Minute</numerusform>
            <numerusform>Alle %n Minuten</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Background fetch:</source>
        <translation>Abruf im &amp;Hintergrund:</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::TagsDialog</name>
    <message>
        <source>Tags of %1</source>
        <translation>Tags von %1</translation>
    </message>
    <message>
        <source>none; e.g. work backend</source>
        <translation>keine; z. B. work backend</translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation>&amp;Tags:</translation>
    </message>
    <message>
        <source>Its pack.yaml gives these; only that file changes them.</source>
        <translation>Diese kommen aus seiner pack.yaml; nur diese Datei ändert sie.</translation>
    </message>
    <message>
        <source>From pack.yaml:</source>
        <translation>Aus pack.yaml:</translation>
    </message>
    <message>
        <source>Separate tags with spaces. --filter tag=NAME, here and in the terminal, selects the packs with a tag.</source>
        <translation>Tags durch Leerzeichen trennen. --filter tag=NAME wählt hier und im Terminal die Packs mit einem Tag aus.</translation>
    </message>
</context>
<context>
    <name>Grex::Gui::TasksPanel</name>
    <message>
        <source>worktree missing</source>
        <translation>Worktree fehlt</translation>
    </message>
    <message>
        <source>nothing committed</source>
        <translation>nichts committet</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) not pushed</source>
        <translation>
            <numerusform>%n Commit nicht gepusht</numerusform>
            <numerusform>%n Commits nicht gepusht</numerusform>
        </translation>
    </message>
    <message>
        <source>pushed to %1</source>
        <translation>nach %1 gepusht</translation>
    </message>
    <message>
        <source>&amp;Push…</source>
        <translation>&amp;Pushen…</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>&amp;Abschließen</translation>
    </message>
    <message>
        <source>Task / pack</source>
        <translation>Aufgabe / Pack</translation>
    </message>
    <message>
        <source>Branch / worktree</source>
        <translation>Branch / Worktree</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Commits</source>
        <translation>Commits</translation>
    </message>
    <message>
        <source>Pushed</source>
        <translation>Gepusht</translation>
    </message>
    <message>
        <source>Push the selected task&apos;s branch in every pack that has commits to push; you see the plan and approve it first.</source>
        <translation>Den Branch der gewählten Aufgabe in jedem Pack mit zu pushenden Commits pushen; Sie sehen zuerst den Plan und genehmigen ihn.</translation>
    </message>
    <message>
        <source>Remove the selected task&apos;s worktrees and branches once everything of it is pushed.</source>
        <translation>Die Worktrees und Branches der gewählten Aufgabe entfernen, sobald alles davon gepusht ist.</translation>
    </message>
    <message>
        <source>all pushed</source>
        <translation>alles gepusht</translation>
    </message>
    <message>
        <source>work only here</source>
        <translation>Arbeit nur hier</translation>
    </message>
    <message numerus="yes">
        <source>Started %1 in %n pack(s)</source>
        <translation>
            <numerusform>Begonnen %1 in %n Pack</numerusform>
            <numerusform>Begonnen %1 in %n Packs</numerusform>
        </translation>
    </message>
    <message>
        <source>The tasks cannot be read: %1</source>
        <translation>Die Aufgaben können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No tasks. grex task start NAME PACK... begins one.</source>
        <translation>Keine Aufgaben. grex task start NAME PACK... beginnt eine.</translation>
    </message>
    <message numerus="yes">
        <source>%n task(s)</source>
        <translation>
            <numerusform>%n Aufgabe</numerusform>
            <numerusform>%n Aufgaben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with work only on this machine</source>
        <translation>
            <numerusform>%n mit Arbeit nur auf diesem Rechner</numerusform>
            <numerusform>%n mit Arbeit nur auf diesem Rechner</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Grex::Gui::WorkspaceLoad</name>
    <message>
        <source>changed something</source>
        <translation>hat etwas geändert</translation>
    </message>
    <message>
        <source>nothing to change</source>
        <translation>nichts zu ändern</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>Registered from %1</source>
        <translation>Registriert von %1</translation>
    </message>
    <message>
        <source>tagged %1</source>
        <translation>getaggt mit %1</translation>
    </message>
    <message>
        <source>Set to follow %1</source>
        <translation>Folgt jetzt %1</translation>
    </message>
    <message>
        <source>Set to follow the remote&apos;s default branch</source>
        <translation>Folgt jetzt dem Standardbranch des Remotes</translation>
    </message>
    <message>
        <source>Remote changed to %1</source>
        <translation>Remote geändert auf %1</translation>
    </message>
    <message>
        <source>%1 changed to %2</source>
        <translation>%1 geändert auf %2</translation>
    </message>
    <message>
        <source>untagged %1</source>
        <translation>Tag entfernt: %1</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>Entfernt</translation>
    </message>
    <message>
        <source>Installed at commit %1</source>
        <translation>Installiert bei Commit %1</translation>
    </message>
    <message>
        <source>Action %1 (%2) started</source>
        <translation>Aktion %1 (%2) gestartet</translation>
    </message>
    <message>
        <source>Action %1 finished: %2</source>
        <translation>Aktion %1 fertig: %2</translation>
    </message>
    <message>
        <source>Action %1 (%2) failed: %3</source>
        <translation>Aktion %1 (%2) fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>approved in the grex window</source>
        <translation>im grex-Fenster freigegeben</translation>
    </message>
    <message>
        <source>approved by the agent&apos;s client</source>
        <translation>vom Client des Agenten freigegeben</translation>
    </message>
    <message>
        <source>approved by a flag (--yes or --approve-destructive)</source>
        <translation>durch eine Option freigegeben (--yes oder --approve-destructive)</translation>
    </message>
    <message>
        <source>approved at the terminal</source>
        <translation>im Terminal freigegeben</translation>
    </message>
    <message>
        <source>%1: %2, asked by %3</source>
        <translation>%1: %2, angefragt von %3</translation>
    </message>
    <message>
        <source>denied in the grex window</source>
        <translation>im grex-Fenster abgelehnt</translation>
    </message>
    <message>
        <source>approved by a session grant, without asking</source>
        <translation>durch eine Sitzungsfreigabe genehmigt, ohne Rückfrage</translation>
    </message>
    <message>
        <source>denied by the agent&apos;s client</source>
        <translation>vom Client des Agenten abgelehnt</translation>
    </message>
    <message>
        <source>denied at the terminal</source>
        <translation>im Terminal abgelehnt</translation>
    </message>
    <message>
        <source>refused: nobody could be asked</source>
        <translation>verweigert: niemand konnte gefragt werden</translation>
    </message>
    <message>
        <source>%1 allowed for the rest of the session of %2</source>
        <translation>%1 für den Rest der Sitzung von %2 erlaubt</translation>
    </message>
    <message>
        <source>Session grant of %1 for %2 revoked</source>
        <translation>Sitzungsfreigabe von %1 für %2 zurückgenommen</translation>
    </message>
    <message>
        <source>Task %1 started on branch %2</source>
        <translation>Aufgabe %1 auf Branch %2 begonnen</translation>
    </message>
    <message>
        <source>Task %1: worktree from %2</source>
        <translation>Aufgabe %1: Worktree ab %2</translation>
    </message>
    <message>
        <source>Task %1: %2 pushed to %3 %4</source>
        <translation>Aufgabe %1: %2 nach %3 %4 gepusht</translation>
    </message>
    <message>
        <source>Task %1 abandoned</source>
        <translation>Aufgabe %1 verworfen</translation>
    </message>
    <message>
        <source>Task %1 finished</source>
        <translation>Aufgabe %1 abgeschlossen</translation>
    </message>
    <message>
        <source>Updated %1..%2</source>
        <translation>Aktualisiert %1..%2</translation>
    </message>
</context>
<context>
    <name>Grex::Text</name>
    <message>
        <source> [fixable]</source>
        <translation> [behebbar]</translation>
    </message>
    <message>
        <source>CHECK</source>
        <translation>PRÜFUNG</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>STATUS</translation>
    </message>
    <message>
        <source>DETAIL</source>
        <translation>DETAILS</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>behoben</translation>
    </message>
    <message>
        <source>compacted grex.jsonl from %1 to %2 event(s); removed %3 orphan lockfile entr(ies)</source>
        <translation>grex.jsonl von %1 auf %2 Ereignis(se) verdichtet; verwaiste Einträge aus grex.lock.jsonl entfernt: %3</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>Keine Probleme gefunden.</translation>
    </message>
    <message>
        <source>No pack matched; nothing ran.</source>
        <translation>Kein Pack hat gepasst; nichts wurde ausgeführt.</translation>
    </message>
    <message>
        <source>would run in %1</source>
        <translation>würde ausführen in %1</translation>
    </message>
    <message numerus="yes">
        <source>%n pack(s): </source>
        <translation>
            <numerusform>%n Pack: </numerusform>
            <numerusform>%n Packs: </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ok</source>
        <translation>%1 OK</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>No matching pack has such an action; nothing ran.</source>
        <translation>Kein passendes Pack hat eine solche Aktion; nichts wurde ausgeführt.</translation>
    </message>
    <message>
        <source>%1 action(s) in %2 pack(s): %3 changed something, %4 had nothing to do</source>
        <translation>%1 Aktion(en) in %2 Pack(s): %3 mit Änderungen, %4 ohne Änderungen</translation>
    </message>
    <message>
        <source>Would initialise workspace %1</source>
        <translation>Würde Arbeitsbereich %1 initialisieren</translation>
    </message>
    <message>
        <source>Workspace %1 is already initialised</source>
        <translation>Arbeitsbereich %1 ist bereits initialisiert</translation>
    </message>
    <message>
        <source>Initialised workspace %1</source>
        <translation>Arbeitsbereich %1 initialisiert</translation>
    </message>
    <message>
        <source>would create: %1</source>
        <translation>würde anlegen: %1</translation>
    </message>
    <message>
        <source>created: %1</source>
        <translation>angelegt: %1</translation>
    </message>
    <message>
        <source>core.hooksPath: %1</source>
        <translation>core.hooksPath: %1</translation>
    </message>
    <message>
        <source>would clone: %1</source>
        <translation>würde klonen: %1</translation>
    </message>
    <message>
        <source>cloned: %1</source>
        <translation>geklont: %1</translation>
    </message>
    <message>
        <source>Would add pack %1 (%2) from %3</source>
        <translation>Würde hinzufügen: Pack %1 (%2) aus %3</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>bei %1</translation>
    </message>
    <message>
        <source>(remote commit %1)</source>
        <translation>(Remote-Commit %1)</translation>
    </message>
    <message>
        <source>Added pack %1 (%2) from %3</source>
        <translation>Pack %1 (%2) aus %3 hinzugefügt</translation>
    </message>
    <message>
        <source>commit %1</source>
        <translation>Commit %1</translation>
    </message>
    <message>
        <source>ref %1</source>
        <translation>Referenz %1</translation>
    </message>
    <message>
        <source>the existing clone in %1 was adopted as it is</source>
        <translation>der vorhandene Klon in %1 wurde unverändert übernommen</translation>
    </message>
    <message>
        <source>warning:</source>
        <translation>Warnung:</translation>
    </message>
    <message>
        <source>Would remove pack %1 and delete %2</source>
        <translation>Würde Pack %1 entfernen und %2 löschen</translation>
    </message>
    <message>
        <source>Would remove pack %1 and keep its files</source>
        <translation>Würde Pack %1 entfernen und seine Dateien behalten</translation>
    </message>
    <message>
        <source>Removed pack %1 and deleted %2</source>
        <translation>Pack %1 entfernt und %2 gelöscht</translation>
    </message>
    <message>
        <source>Removed pack %1; its files stay in %2</source>
        <translation>Pack %1 entfernt; seine Dateien bleiben in %2</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>No registered pack matches.</source>
        <translation>Kein registriertes Pack passt.</translation>
    </message>
    <message>
        <source>No packs registered. Add one with: grex add &lt;url&gt;</source>
        <translation>Keine Packs registriert. Eines hinzufügen mit: grex add &lt;url&gt;</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>TYPE</source>
        <translation>TYP</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>PFAD</translation>
    </message>
    <message>
        <source>REF</source>
        <translation>REF</translation>
    </message>
    <message>
        <source>SHA</source>
        <translation>SHA</translation>
    </message>
    <message>
        <source>INSTALLED_AT</source>
        <translation>INSTALLIERT_AM</translation>
    </message>
    <message>
        <source>ACTIONS_HASH</source>
        <translation>AKTIONS_HASH</translation>
    </message>
    <message>
        <source>error:</source>
        <translation>Fehler:</translation>
    </message>
    <message>
        <source>hint:</source>
        <translation>Hinweis:</translation>
    </message>
    <message>
        <source>exit 0</source>
        <translation>Exit-Status 0</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>Exit-Status %1</translation>
    </message>
    <message>
        <source>clean</source>
        <translation>sauber</translation>
    </message>
    <message numerus="yes">
        <source>dirty: %n changed file(s)</source>
        <translation>
            <numerusform>geändert: %n Datei</numerusform>
            <numerusform>geändert: %n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>missing: not on disk (grex sync clones it)</source>
        <translation>fehlt: nicht auf dem Datenträger (grex sync klont es)</translation>
    </message>
    <message>
        <source>untracked: a clone no pack accounts for</source>
        <translation>nicht erfasst: ein Klon, der zu keinem Pack gehört</translation>
    </message>
    <message>
        <source>behind %1 by %2</source>
        <translation>gegenüber %1 um %2 zurück</translation>
    </message>
    <message>
        <source>ahead of %1 by %2</source>
        <translation>gegenüber %1 um %2 voraus</translation>
    </message>
    <message>
        <source>diverged from %1: %2 local, %3 upstream commit(s)</source>
        <translation>von %1 divergiert: %2 lokale, %3 Upstream-Commit(s)</translation>
    </message>
    <message>
        <source>%1 was rewritten (force-pushed): %2 commit(s) here are no longer upstream, %3 replace them</source>
        <translation>%1 wurde umgeschrieben (force-push): %2 Commit(s) hier sind nicht mehr upstream, %3 ersetzen sie</translation>
    </message>
    <message>
        <source>the upstream branch is gone from the remote</source>
        <translation>der Upstream-Branch ist nicht mehr auf dem Remote</translation>
    </message>
    <message>
        <source>the upstream branch is gone; the remote&apos;s default is now %1</source>
        <translation>der Upstream-Branch ist weg; der Standard des Remotes ist jetzt %1</translation>
    </message>
    <message>
        <source>detached at %1, not on %2</source>
        <translation>losgelöst bei %1, nicht auf %2</translation>
    </message>
    <message>
        <source>on %1, not on %2</source>
        <translation>auf %1, nicht auf %2</translation>
    </message>
    <message>
        <source>stale: not installed yet</source>
        <translation>veraltet: noch nicht installiert</translation>
    </message>
    <message>
        <source>stale: the commit changed since the install</source>
        <translation>veraltet: der Commit hat sich seit der Installation geändert</translation>
    </message>
    <message>
        <source>stale: pack.yaml changed since the install</source>
        <translation>veraltet: pack.yaml hat sich seit der Installation geändert</translation>
    </message>
    <message>
        <source>stale: installed %1</source>
        <translation>veraltet: installiert am %1</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>No packs to show.</source>
        <translation>Keine Packs anzuzeigen.</translation>
    </message>
    <message>
        <source>PACK</source>
        <translation>PACK</translation>
    </message>
    <message>
        <source>BRANCH</source>
        <translation>BRANCH</translation>
    </message>
    <message>
        <source>STATE</source>
        <translation>ZUSTAND</translation>
    </message>
    <message>
        <source>LOCK</source>
        <translation>SPERRE</translation>
    </message>
    <message>
        <source>(detached)</source>
        <translation>(losgelöst)</translation>
    </message>
    <message>
        <source>%1 (pid %2 on %3)</source>
        <translation>%1 (PID %2 auf %3)</translation>
    </message>
    <message numerus="yes">
        <source>All %n pack(s) are clean.</source>
        <translation>
            <numerusform>%n Pack ist sauber.</numerusform>
            <numerusform>Alle %n Packs sind sauber.</numerusform>
        </translation>
    </message>
    <message>
        <source>failed (%1)</source>
        <translation>fehlgeschlagen (%1)</translation>
    </message>
    <message>
        <source>cloned at %1</source>
        <translation>geklont bei %1</translation>
    </message>
    <message>
        <source> (dry run)</source>
        <translation> (Probelauf)</translation>
    </message>
    <message>
        <source>no packs</source>
        <translation>keine Packs</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>No packs to update.</source>
        <translation>Keine Packs zu aktualisieren.</translation>
    </message>
    <message>
        <source>REASON</source>
        <translation>GRUND</translation>
    </message>
    <message>
        <source>REINSTALLED</source>
        <translation>NEU_INSTALLIERT</translation>
    </message>
    <message>
        <source>%1 halted at pack `%2` action #%3 (%4):</source>
        <translation>%1 angehalten bei Pack `%2`, Aktion #%3 (%4):</translation>
    </message>
    <message>
        <source>hint: </source>
        <translation>Hinweis: </translation>
    </message>
    <message>
        <source>installed</source>
        <translation>installiert</translation>
    </message>
    <message>
        <source>reinstalled (forced)</source>
        <translation>neu installiert (erzwungen)</translation>
    </message>
    <message>
        <source>reinstalled: its actions changed</source>
        <translation>neu installiert: seine Aktionen haben sich geändert</translation>
    </message>
    <message>
        <source>reinstalled</source>
        <translation>neu installiert</translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n fehlgeschlagen</numerusform>
            <numerusform>%n fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n need(s) you</source>
        <translation>
            <numerusform>%n braucht Sie</numerusform>
            <numerusform>%n brauchen Sie</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cloned</source>
        <translation>
            <numerusform>%n geklont</numerusform>
            <numerusform>%n geklont</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n updated</source>
        <translation>
            <numerusform>%n aktualisiert</numerusform>
            <numerusform>%n aktualisiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n installed</source>
        <translation>
            <numerusform>%n installiert</numerusform>
            <numerusform>%n installiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n torn down</source>
        <translation>
            <numerusform>%n abgebaut</numerusform>
            <numerusform>%n abgebaut</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not on disk</source>
        <translation>
            <numerusform>%n nicht auf der Platte</numerusform>
            <numerusform>%n nicht auf der Platte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n up to date</source>
        <translation>
            <numerusform>%n aktuell</numerusform>
            <numerusform>%n aktuell</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n filtered</source>
        <translation>
            <numerusform>%n gefiltert</numerusform>
            <numerusform>%n gefiltert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not run</source>
        <translation>
            <numerusform>%n nicht ausgeführt</numerusform>
            <numerusform>%n nicht ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <source>failed at action #%1 (%2)</source>
        <translation>fehlgeschlagen bei Aktion #%1 (%2)</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>checked out %1</source>
        <translation>%1 ausgecheckt</translation>
    </message>
    <message>
        <source>updated %1</source>
        <translation>aktualisiert %1</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s)</source>
        <translation>
            <numerusform>%n Commit</numerusform>
            <numerusform>%n Commits</numerusform>
        </translation>
    </message>
    <message>
        <source>torn down</source>
        <translation>abgebaut</translation>
    </message>
    <message>
        <source>needs you (%1)</source>
        <translation>braucht Sie (%1)</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message numerus="yes">
        <source>%n untracked file(s)</source>
        <translation>
            <numerusform>%n unversionierte Datei</numerusform>
            <numerusform>%n unversionierte Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>not a pack</source>
        <translation>kein Pack</translation>
    </message>
    <message>
        <source>rewritten</source>
        <translation>umgeschrieben</translation>
    </message>
    <message>
        <source>diverged</source>
        <translation>divergiert</translation>
    </message>
    <message>
        <source>detached</source>
        <translation>losgelöst</translation>
    </message>
    <message>
        <source>not on %1</source>
        <translation>nicht auf %1</translation>
    </message>
    <message>
        <source>upstream gone</source>
        <translation>Upstream verschwunden</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>fetch failed: %1</source>
        <translation>Abruf fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>fetch failed (%1)</source>
        <translation>Abruf fehlgeschlagen (%1)</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>%1m</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1d</source>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>FETCHED</source>
        <translation>ABGERUFEN</translation>
    </message>
    <message>
        <source>fetching</source>
        <translation>rufe ab</translation>
    </message>
    <message>
        <source>cloning</source>
        <translation>klone</translation>
    </message>
    <message>
        <source>installing</source>
        <translation>installiere</translation>
    </message>
    <message>
        <source>tearing down</source>
        <translation>baue ab</translation>
    </message>
    <message>
        <source>running in</source>
        <translation>führe aus in</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> und %1 weitere</translation>
    </message>
    <message>
        <source>tags: %1</source>
        <translation>Tags: %1</translation>
    </message>
    <message>
        <source>Would tag %1: %2</source>
        <translation>Würde %1 taggen: %2</translation>
    </message>
    <message>
        <source>Tagged %1: %2</source>
        <translation>%1 getaggt: %2</translation>
    </message>
    <message>
        <source>%1 has no tags</source>
        <translation>%1 hat keine Tags</translation>
    </message>
    <message>
        <source>Tags of %1: %2</source>
        <translation>Tags von %1: %2</translation>
    </message>
    <message>
        <source>(from pack.yaml: %1)</source>
        <translation>(aus pack.yaml: %1)</translation>
    </message>
    <message>
        <source>TAGS</source>
        <translation>TAGS</translation>
    </message>
    <message>
        <source>commit or stash the changes, then sync again</source>
        <translation>die Änderungen committen oder stashen, dann erneut synchronisieren</translation>
    </message>
    <message>
        <source>merge or rebase onto the upstream (or push), then sync again</source>
        <translation>auf den Upstream mergen oder rebasen (oder pushen), dann erneut synchronisieren</translation>
    </message>
    <message>
        <source>the upstream was force-pushed: reset to it, or keep your commits on a branch</source>
        <translation>der Upstream wurde per force-push überschrieben: darauf zurücksetzen oder die eigenen Commits auf einem Branch behalten</translation>
    </message>
    <message>
        <source>check out a branch, or pin the commit with --ref</source>
        <translation>einen Branch auschecken oder den Commit mit --ref festlegen</translation>
    </message>
    <message>
        <source>set an upstream (git branch --set-upstream-to)</source>
        <translation>einen Upstream setzen (git branch --set-upstream-to)</translation>
    </message>
    <message>
        <source>the remote deleted or renamed the branch: switch to another branch</source>
        <translation>das Remote hat den Branch gelöscht oder umbenannt: zu einem anderen Branch wechseln</translation>
    </message>
    <message>
        <source>move the untracked files away, then sync again</source>
        <translation>die unversionierten Dateien wegräumen, dann erneut synchronisieren</translation>
    </message>
    <message>
        <source>checking out</source>
        <translation>checke aus</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 received</source>
        <translation>%1 empfangen</translation>
    </message>
    <message numerus="yes">
        <source>repacked %n clone(s) past git&apos;s limits: %1</source>
        <translation>
            <numerusform>%n Klon über den Grenzen von git neu gepackt: %1</numerusform>
            <numerusform>%n Klone über den Grenzen von git neu gepackt: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more clone(s) wait for the next sync (grex doctor --fix repacks them now): %1</source>
        <translation>
            <numerusform>%n weiterer Klon wartet auf den nächsten Sync (grex doctor --fix packt ihn sofort): %1</numerusform>
            <numerusform>%n weitere Klone warten auf den nächsten Sync (grex doctor --fix packt sie sofort): %1</numerusform>
        </translation>
    </message>
    <message>
        <source>reinstalled: the last install was interrupted</source>
        <translation>neu installiert: die letzte Installation wurde unterbrochen</translation>
    </message>
    <message>
        <source>follow the remote&apos;s default branch: grex update %1 --ref %2</source>
        <translation>dem Standard-Branch des Remotes folgen: grex update %1 --ref %2</translation>
    </message>
    <message>
        <source>Would add repository %1 from %2</source>
        <translation>Würde Repository %1 aus %2 hinzufügen</translation>
    </message>
    <message>
        <source>Added repository %1 from %2</source>
        <translation>Repository %1 aus %2 hinzugefügt</translation>
    </message>
    <message>
        <source>repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>defekt</translation>
    </message>
    <message>
        <source>Would add %1 from %2</source>
        <translation>Würde %1 aus %2 hinzufügen</translation>
    </message>
    <message>
        <source>worktree missing</source>
        <translation>Worktree fehlt</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) not committed</source>
        <translation>
            <numerusform>%n Datei nicht committet</numerusform>
            <numerusform>%n Dateien nicht committet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s) not pushed</source>
        <translation>
            <numerusform>%n Commit nicht gepusht</numerusform>
            <numerusform>%n Commits nicht gepusht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n behind its base</source>
        <translation>
            <numerusform>%n hinter seiner Basis</numerusform>
            <numerusform>%n hinter seiner Basis</numerusform>
        </translation>
    </message>
    <message>
        <source>no changes yet</source>
        <translation>noch keine Änderungen</translation>
    </message>
    <message numerus="yes">
        <source>%n commit(s), all pushed</source>
        <translation>
            <numerusform>%n Commit, gepusht</numerusform>
            <numerusform>%n Commits, alle gepusht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Would start task %1 on branch %2 in %3 pack(s):</source>
        <translation>
            <numerusform>Würde Aufgabe %1 auf Branch %2 in %3 Pack beginnen:</numerusform>
            <numerusform>Würde Aufgabe %1 auf Branch %2 in %3 Packs beginnen:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Started task %1 on branch %2 in %3 pack(s):</source>
        <translation>
            <numerusform>Aufgabe %1 auf Branch %2 in %3 Pack begonnen:</numerusform>
            <numerusform>Aufgabe %1 auf Branch %2 in %3 Packs begonnen:</numerusform>
        </translation>
    </message>
    <message>
        <source>WORKTREE</source>
        <translation>WORKTREE</translation>
    </message>
    <message>
        <source>FROM</source>
        <translation>AB</translation>
    </message>
    <message>
        <source>No tasks. grex task start NAME PACK... starts one.</source>
        <translation>Keine Aufgaben. grex task start NAME PACK... beginnt eine.</translation>
    </message>
    <message>
        <source>Task %1 (branch %2)</source>
        <translation>Aufgabe %1 (Branch %2)</translation>
    </message>
    <message>
        <source>COMMITS</source>
        <translation>COMMITS</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>keine Änderungen</translation>
    </message>
    <message>
        <source>%1: not committed: %2</source>
        <translation>%1: nicht committet: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: would commit %n file(s)</source>
        <translation>
            <numerusform>%1: würde %n Datei committen</numerusform>
            <numerusform>%1: würde %n Dateien committen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: committed %2 (%3)</source>
        <translation>%1: %2 committet (%3)</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Abandoning task %1 removes %n worktree(s):</source>
        <translation>
            <numerusform>Das Verwerfen der Aufgabe %1 entfernt %n Worktree:</numerusform>
            <numerusform>Das Verwerfen der Aufgabe %1 entfernt %n Worktrees:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finishing task %1 removes %n worktree(s):</source>
        <translation>
            <numerusform>Das Abschließen der Aufgabe %1 entfernt %n Worktree:</numerusform>
            <numerusform>Das Abschließen der Aufgabe %1 entfernt %n Worktrees:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pushed %n commit(s)</source>
        <translation>
            <numerusform>%n Commit gepusht</numerusform>
            <numerusform>%n Commits gepusht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would push %n commit(s)</source>
        <translation>
            <numerusform>würde %n Commit pushen</numerusform>
            <numerusform>würde %n Commits pushen</numerusform>
        </translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>up to date</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>(uncommitted changes stay)</source>
        <translation>(nicht committete Änderungen bleiben)</translation>
    </message>
    <message>
        <source>TO</source>
        <translation>NACH</translation>
    </message>
    <message>
        <source>COMMIT</source>
        <translation>COMMIT</translation>
    </message>
    <message>
        <source>RESULT</source>
        <translation>ERGEBNIS</translation>
    </message>
    <message>
        <source>%1: hint: %2</source>
        <translation>%1: Hinweis: %2</translation>
    </message>
    <message numerus="yes">
        <source>Safe to leave: none of the %n pack(s) has work only here.</source>
        <translation>
            <numerusform>Sicher zu verlassen: das %n Pack hat keine Arbeit, die nur hier liegt.</numerusform>
            <numerusform>Sicher zu verlassen: keines der %n Packs hat Arbeit, die nur hier liegt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Not safe to leave: this work exists only on this machine.</source>
        <translation>Nicht sicher zu verlassen: diese Arbeit liegt nur auf diesem Rechner.</translation>
    </message>
    <message numerus="yes">
        <source>%n changed file(s)</source>
        <translation>
            <numerusform>%n geänderte Datei</numerusform>
            <numerusform>%n geänderte Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stash(es)</source>
        <translation>
            <numerusform>%n Stash</numerusform>
            <numerusform>%n Stashes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unpushed commit(s) on %1</source>
        <translation>
            <numerusform>%n nicht gepushter Commit auf %1</numerusform>
            <numerusform>%n nicht gepushte Commits auf %1</numerusform>
        </translation>
    </message>
    <message>
        <source>task %1: %2</source>
        <translation>Aufgabe %1: %2</translation>
    </message>
    <message>
        <source>WHERE</source>
        <translation>WO</translation>
    </message>
    <message>
        <source>ONLY HERE</source>
        <translation>NUR HIER</translation>
    </message>
    <message numerus="yes">
        <source>Abandoned task %1: %n worktree(s) and branches removed</source>
        <translation>
            <numerusform>Aufgabe %1 verworfen: %n Worktree und Branch entfernt</numerusform>
            <numerusform>Aufgabe %1 verworfen: %n Worktrees und Branches entfernt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished task %1: %n worktree(s) and branches removed</source>
        <translation>
            <numerusform>Aufgabe %1 abgeschlossen: %n Worktree und Branch entfernt</numerusform>
            <numerusform>Aufgabe %1 abgeschlossen: %n Worktrees und Branches entfernt</numerusform>
        </translation>
    </message>
    <message>
        <source>access refused</source>
        <translation>Zugriff verweigert</translation>
    </message>
    <message>
        <source>the remote repository is not there</source>
        <translation>das entfernte Repository ist nicht vorhanden</translation>
    </message>
    <message>
        <source>cannot reach the remote</source>
        <translation>das Remote ist nicht erreichbar</translation>
    </message>
    <message>
        <source>the host key is unknown or changed</source>
        <translation>der Host-Schlüssel ist unbekannt oder geändert</translation>
    </message>
    <message>
        <source>the certificate is not trusted</source>
        <translation>dem Zertifikat wird nicht vertraut</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>keine Antwort in der Zeit</translation>
    </message>
    <message>
        <source>git refuses a clone owned by another user</source>
        <translation>git verweigert einen Klon, der einem anderen Benutzer gehört</translation>
    </message>
    <message>
        <source>no remote configured</source>
        <translation>kein Remote eingerichtet</translation>
    </message>
    <message numerus="yes">
        <source>%n clean</source>
        <translation>
            <numerusform>%n sauber</numerusform>
            <numerusform>%n sauber</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dirty</source>
        <translation>
            <numerusform>%n geändert</numerusform>
            <numerusform>%n geändert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n missing</source>
        <translation>
            <numerusform>%n fehlt</numerusform>
            <numerusform>%n fehlen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n broken</source>
        <translation>
            <numerusform>%n defekt</numerusform>
            <numerusform>%n defekt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed to fetch</source>
        <translation>
            <numerusform>%n Abruf fehlgeschlagen</numerusform>
            <numerusform>%n Abrufe fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale</source>
        <translation>
            <numerusform>%n verwaist</numerusform>
            <numerusform>%n verwaist</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n behind</source>
        <translation>
            <numerusform>%n zurück</numerusform>
            <numerusform>%n zurück</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ahead</source>
        <translation>
            <numerusform>%n voraus</numerusform>
            <numerusform>%n voraus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n untracked</source>
        <translation>
            <numerusform>%n nicht erfasst</numerusform>
            <numerusform>%n nicht erfasst</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n diverged</source>
        <translation>
            <numerusform>%n divergiert</numerusform>
            <numerusform>%n divergiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rewritten upstream</source>
        <translation>
            <numerusform>%n upstream umgeschrieben</numerusform>
            <numerusform>%n upstream umgeschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with upstream gone</source>
        <translation>
            <numerusform>%n ohne Upstream</numerusform>
            <numerusform>%n ohne Upstream</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n off branch</source>
        <translation>
            <numerusform>%n nicht auf dem Branch</numerusform>
            <numerusform>%n nicht auf dem Branch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with untracked files</source>
        <translation>
            <numerusform>%n mit unversionierten Dateien</numerusform>
            <numerusform>%n mit unversionierten Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>untracked</source>
        <translation>unversioniert</translation>
    </message>
    <message>
        <source>added</source>
        <translation>hinzugefügt</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>gelöscht</translation>
    </message>
    <message>
        <source>renamed</source>
        <translation>umbenannt</translation>
    </message>
    <message>
        <source>type changed</source>
        <translation>Typ geändert</translation>
    </message>
    <message>
        <source>modified</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>%1, staged</source>
        <translation>%1, vorgemerkt</translation>
    </message>
    <message>
        <source>already on %1</source>
        <translation>schon auf %1</translation>
    </message>
    <message>
        <source>nothing to push</source>
        <translation>nichts zu pushen</translation>
    </message>
    <message>
        <source>switched to %1 (was %2)</source>
        <translation>zu %1 gewechselt (vorher %2)</translation>
    </message>
    <message>
        <source>would switch to %1 (now %2)</source>
        <translation>würde zu %1 wechseln (jetzt %2)</translation>
    </message>
    <message numerus="yes">
        <source>pushed %n commit(s) to %1</source>
        <translation>
            <numerusform>%n Commit nach %1 gepusht</numerusform>
            <numerusform>%n Commits nach %1 gepusht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would push %n commit(s) to %1</source>
        <translation>
            <numerusform>würde %n Commit nach %1 pushen</numerusform>
            <numerusform>würde %n Commits nach %1 pushen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>committed %1 (%n file(s))</source>
        <translation>
            <numerusform>%1 committet (%n Datei)</numerusform>
            <numerusform>%1 committet (%n Dateien)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would commit %n file(s)</source>
        <translation>
            <numerusform>würde %n Datei committen</numerusform>
            <numerusform>würde %n Dateien committen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>stashed %n file(s)</source>
        <translation>
            <numerusform>%n Datei gestasht</numerusform>
            <numerusform>%n Dateien gestasht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would stash %n file(s)</source>
        <translation>
            <numerusform>würde %n Datei stashen</numerusform>
            <numerusform>würde %n Dateien stashen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>discarded %n file(s)</source>
        <translation>
            <numerusform>%n Datei verworfen</numerusform>
            <numerusform>%n Dateien verworfen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>would discard %n file(s)</source>
        <translation>
            <numerusform>würde %n Datei verwerfen</numerusform>
            <numerusform>würde %n Dateien verwerfen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>and more: see git status in the pack</source>
        <translation>und mehr: siehe git status im Pack</translation>
    </message>
    <message>
        <source>No pack matched.</source>
        <translation>Kein Pack passte.</translation>
    </message>
</context>
</TS>
