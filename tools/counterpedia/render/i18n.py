"""Interface strings of the three localized sites."""

from __future__ import annotations

LANG_NAMES = {
    "ja": {"ja": "日本語", "en": "英語", "fr": "フランス語"},
    "en": {"ja": "Japanese", "en": "English", "fr": "French"},
    "fr": {"ja": "japonais", "en": "anglais", "fr": "français"},
}
# The switcher shows each language in its own name.
ENDONYMS = {"ja": "日本語", "en": "English", "fr": "Français"}

STRINGS: dict[str, dict[str, str]] = {
    "site_name": {
        "ja": "Counterpedia — カウンター事典",
        "en": "Counterpedia — the counters of Magic",
        "fr": "Counterpedia — les marqueurs de Magic",
    },
    "home": {"ja": "ホーム", "en": "Home", "fr": "Accueil"},
    "counters": {"ja": "カウンター", "en": "Counters", "fr": "Marqueurs"},
    "rules": {"ja": "引用したルール", "en": "Quoted rules", "fr": "Règles citées"},
    "rulings": {"ja": "裁定", "en": "Rulings", "fr": "Décisions"},
    "rulings_by_date": {"ja": "日付順の裁定", "en": "Rulings by date", "fr": "Décisions par date"},
    "rulings_by_counter": {"ja": "カウンター別の裁定", "en": "Rulings by counter", "fr": "Décisions par marqueur"},
    "cards": {"ja": "カード", "en": "Cards", "fr": "Cartes"},
    "mechanics": {"ja": "メカニズム", "en": "Mechanics", "fr": "Mécaniques"},
    "glossary": {"ja": "用語集", "en": "Glossary", "fr": "Glossaire"},
    "memory": {"ja": "翻訳メモリ", "en": "Translation memory", "fr": "Mémoire de traduction"},
    "sources": {"ja": "出典", "en": "Sources", "fr": "Sources"},
    "status": {"ja": "翻訳状況", "en": "Translation status", "fr": "État des traductions"},
    "editors": {"ja": "編集者向け (英語)", "en": "For editors", "fr": "Pour les rédacteurs (en anglais)"},
    "names": {"ja": "名称", "en": "Names", "fr": "Noms"},
    "summary": {"ja": "概要", "en": "Summary", "fr": "Résumé"},
    "holders": {"ja": "持つことができるもの", "en": "Who can have it", "fr": "Qui peut en avoir"},
    "own_rules": {"ja": "専用ルール", "en": "Own rules", "fr": "Règles propres"},
    "rules_quoted": {"ja": "関連するルール", "en": "Rules", "fr": "Règles"},
    "examples": {"ja": "例", "en": "Example", "fr": "Exemple"},
    "related": {"ja": "関連項目", "en": "Related", "fr": "Voir aussi"},
    "first_set": {"ja": "初出", "en": "First set", "fr": "Première extension"},
    "set": {"ja": "セット", "en": "Set", "fr": "Extension"},
    "printings": {
        "ja": "収録（セットとコレクター番号、取り込んだデータにあるもの）",
        "en": "Printings (set and collector number, as the imported data lists them)",
        "fr": "Impressions (extension et numéro de collection, selon les données importées)",
    },
    "cited_by": {"ja": "このページを参照しているもの", "en": "Cited by", "fr": "Cité par"},
    "nothing_cites": {
        "ja": "参照しているページはありません。",
        "en": "Nothing cites this page yet.",
        "fr": "Aucune page ne cite encore celle-ci.",
    },
    "type": {"ja": "種別", "en": "Type", "fr": "Type"},
    "notes": {"ja": "ルール上の注意", "en": "Rules notes", "fr": "Précisions de règles"},
    "note": {"ja": "注記", "en": "Note", "fr": "Remarque"},
    "date": {"ja": "日付", "en": "Date", "fr": "Date"},
    "source": {"ja": "出典", "en": "Source", "fr": "Source"},
    "original_language": {"ja": "原文の言語", "en": "Original language", "fr": "Langue d'origine"},
    "edition": {"ja": "版", "en": "Edition", "fr": "Édition"},
    "yes": {"ja": "あり", "en": "yes", "fr": "oui"},
    "no": {"ja": "なし", "en": "no", "fr": "non"},
    "filter": {"ja": "絞り込み…", "en": "Filter…", "fr": "Filtrer…"},
    "catalogue": {"ja": "カウンター一覧", "en": "Catalogue of counters", "fr": "Catalogue des marqueurs"},
    "translation": {"ja": "翻訳", "en": "Translation", "fr": "Traduction"},
    "canonical": {"ja": "原文", "en": "Authoritative text", "fr": "Texte faisant foi"},
    "missing_text": {
        "ja": "この言語の本文はまだありません。",
        "en": "No text in this language yet.",
        "fr": "Pas encore de texte dans cette langue.",
    },
    "official_rules_link": {
        "ja": "公式総合ルール",
        "en": "official Comprehensive Rules",
        "fr": "règles complètes officielles",
    },
    "no_rulings": {"ja": "裁定はまだありません。", "en": "No rulings yet.", "fr": "Pas encore de décision."},
    "search_did_you_mean": {"ja": "もしかして:", "en": "Did you mean:", "fr": "Vouliez-vous dire :"},
    "search_corrected": {
        "ja": "入力を修正して一致:",
        "en": "Found with a correction:",
        "fr": "Trouvé après correction :",
    },
    "kind_counter": {"ja": "カウンター", "en": "counter", "fr": "marqueur"},
    "kind_rule": {"ja": "ルール", "en": "rule", "fr": "règle"},
    "kind_ruling": {"ja": "裁定", "en": "ruling", "fr": "décision"},
    "kind_card": {"ja": "カード", "en": "card", "fr": "carte"},
    "kind_mechanic": {"ja": "メカニズム", "en": "mechanic", "fr": "mécanique"},
    "kind_term": {"ja": "用語", "en": "term", "fr": "terme"},
    "kind_memory": {"ja": "翻訳メモリ", "en": "translation memory", "fr": "mémoire de traduction"},
    "kind_translation": {
        "ja": "翻訳メモリの項目",
        "en": "translation memory entry",
        "fr": "entrée de la mémoire de traduction",
    },
    "kind_source": {"ja": "出典", "en": "source", "fr": "source"},
    "full_rules": {
        "ja": "総合ルール全文 (英語)",
        "en": "Full Comprehensive Rules",
        "fr": "Règles complètes intégrales (en anglais)",
    },
    "full_rules_bilingual": {
        "ja": "総合ルール全文 (日英対訳)",
        "en": "Full Comprehensive Rules",
        "fr": "Règles complètes intégrales (en anglais)",
    },
    "full_rules_contents": {"ja": "目次", "en": "Contents", "fr": "Sommaire"},
    "what_changed": {"ja": "版ごとの変更点", "en": "What changed", "fr": "Modifications par édition"},
    "changes_between": {"ja": "変更点", "en": "What changed", "fr": "Modifications"},
    "history": {"ja": "変更履歴", "en": "History", "fr": "Historique"},
    "added_in": {"ja": "追加", "en": "added", "fr": "ajoutée"},
    "changed_in": {"ja": "変更", "en": "changed", "fr": "modifiée"},
    "renumbered_from": {
        "ja": "番号変更 (旧 {old})",
        "en": "renumbered from {old}",
        "fr": "renumérotée (anciennement {old})",
    },
    "change_added": {"ja": "追加", "en": "added", "fr": "ajoutée"},
    "change_removed": {"ja": "削除", "en": "removed", "fr": "supprimée"},
    "change_changed": {"ja": "変更", "en": "changed", "fr": "modifiée"},
    "change_renumbered": {"ja": "番号変更", "en": "renumbered", "fr": "renumérotée"},
    "effective": {"ja": "発効日", "en": "effective", "fr": "en vigueur le"},
    "full_rules_intro": {
        "ja": "Wizards of the Coast が公開した英語の総合ルール全文です (正文)。各ルールには、どの版で追加・変更・番号変更されたかを示しています。",
        "en": "The full English Comprehensive Rules as published by Wizards of the Coast (the authoritative text). Each rule shows the editions in which it was added, changed or renumbered.",
        "fr": "Le texte intégral des règles complètes en anglais, tel que publié par Wizards of the Coast (le texte qui fait foi). Chaque règle indique les éditions où elle a été ajoutée, modifiée ou renumérotée.",
    },
    "editions_compared": {"ja": "比較した版", "en": "Editions compared", "fr": "Éditions comparées"},
    "no_cr_files": {
        "ja": "このサイトは総合ルールのファイルなしでビルドされました。データが引用するルールのみを掲載しています。その他のルール番号は公式の総合ルールにリンクしています。",
        "en": "This site was built without the Comprehensive Rules files: it shows the rules the data quotes, and other rule numbers link to the official Comprehensive Rules.",
        "fr": "Ce site a été construit sans les fichiers des règles complètes : il présente les règles citées par les données, et les autres numéros de règle renvoient aux règles complètes officielles.",
    },
    "cr_edition_note": {
        "ja": "総合ルール全文: {edition} 版 ({count} 版を比較)",
        "en": "Full rules: edition {edition} ({count} editions compared)",
        "fr": "Règles intégrales : édition {edition} ({count} éditions comparées)",
    },
    "oracle_text": {"ja": "オラクル・テキスト (英語)", "en": "Oracle text", "fr": "Texte Oracle (en anglais)"},
    "printed_texts": {"ja": "印刷された文章", "en": "Printed texts", "fr": "Textes imprimés"},
    "printed_on": {
        "ja": "{set} #{number} ({date}) に印刷された文章",
        "en": "Text printed on {set} #{number} ({date})",
        "fr": "Texte imprimé sur {set} n° {number} ({date})",
    },
    "printed_note": {
        "ja": "印刷された文章は、その印刷物に当時のテンプレートで印刷されたものです。現在のオラクル・テキストの翻訳ではありません。",
        "en": "A printed text is the text of that printing, worded as it was then: it is not a translation of today's Oracle text.",
        "fr": "Un texte imprimé est celui de cette impression, formulé comme à l'époque : ce n'est pas une traduction du texte Oracle actuel.",
    },
    "rulings_in_original": {
        "ja": "裁定の原文は英語で、英語版が正です。日本語の裁定は翻訳メモリの機械翻訳で、英語の原文を併記しています。訳のない裁定は原文のみを示します。",
        "en": "",
        "fr": "Les décisions sont publiées en anglais, qui fait foi. Leur texte français est une traduction automatique (la mémoire de traduction), montrée avec l'original anglais ; une décision non traduite n'est montrée qu'en anglais.",
    },
    "home_counts": {"ja": "翻訳の状況", "en": "Texts by status", "fr": "Textes par statut"},
    "home_counts_intro": {
        "ja": "サイトが示すテキストの数（言語ごと）。機械翻訳には必ずその旨と英語の原文を添えています。",
        "en": "The texts this site shows, per language. A machine translation is always labelled and shown with the English.",
        "fr": "Les textes que montre ce site, par langue. Une traduction automatique est toujours signalée et montrée avec l'anglais.",
    },
    "reviewed": {"ja": "査読済み（コミュニティ）", "en": "Reviewed (community)", "fr": "Relu (communauté)"},
    "counters_used": {"ja": "使用するカウンター", "en": "Counters it uses", "fr": "Marqueurs utilisés"},
    "any_counter": {
        "ja": "種類を問わずカウンターに作用します。",
        "en": "Acts on counters of any kind.",
        "fr": "Agit sur les marqueurs de tout type.",
    },
    "currency": {"ja": "データの時点", "en": "How current", "fr": "Actualité des données"},
    "currency_cards": {
        "ja": "カード: {copies}（{date} より後に印刷されたものは含まれません）",
        "en": "Cards: {copies} (nothing printed after {date} is in them)",
        "fr": "Cartes : {copies} (rien de ce qui a été imprimé après le {date} n'y figure)",
    },
    "currency_no_cards": {
        "ja": "カード: 日付のあるデータセットからのものはありません",
        "en": "Cards: none from a dated dataset",
        "fr": "Cartes : aucune d'un jeu de données daté",
    },
    "currency_this_card": {
        "ja": "このカードのオラクル・テキストは {copy}",
        "en": "this card's Oracle text is from {copy}",
        "fr": "le texte Oracle de cette carte vient de {copy}",
    },
    "currency_rulings": {"ja": "裁定: {copies}", "en": "Rulings: {copies}", "fr": "Décisions : {copies}"},
    "currency_by_hand": {
        "ja": "ほかに手で入力した {count} 件（最新は {date}）",
        "en": "{count} entered by hand (the newest of {date})",
        "fr": "{count} saisie(s) à la main (la plus récente du {date})",
    },
    "currency_no_rulings": {"ja": "裁定: なし", "en": "Rulings: none", "fr": "Décisions : aucune"},
    "currency_en_rules": {
        "ja": "英語の総合ルール: {edition} 版から引用",
        "en": "English rules: quoted from the edition {edition}",
        "fr": "Règles en anglais : citées de l'édition {edition}",
    },
    "currency_en_older": {
        "ja": "{count} 件は以前の版 ({editions})",
        "en": "{count} quote(s) from older editions ({editions})",
        "fr": "{count} citation(s) d'éditions antérieures ({editions})",
    },
    "currency_en_behind": {
        "ja": "最新の {edition} 版はまだ反映されていません",
        "en": "the newer edition {edition} is not quoted yet",
        "fr": "l'édition plus récente {edition} n'est pas encore citée",
    },
    "currency_no_en_rules": {
        "ja": "英語の総合ルール: 引用なし",
        "en": "English rules: none quoted",
        "fr": "Règles en anglais : aucune citée",
    },
    "currency_ja_rules": {
        "ja": "日本語の総合ルール: {edition} 版の公式訳（英語 {translates} 版の翻訳）",
        "en": "Japanese rules: the official translation of {edition} (it translates the English of {translates})",
        "fr": "Règles en japonais : la traduction officielle de {edition} (elle traduit l'anglais de {translates})",
    },
    "currency_ja_drifted": {
        "ja": "うち {count} 件は英語がその後変更され、現行のルールではありません（原文更新あり）",
        "en": "{count} of them no longer match the current English (drifted)",
        "fr": "{count} ne correspondent plus à l'anglais actuel (obsolètes)",
    },
    "currency_no_ja_rules": {
        "ja": "日本語の総合ルール: 公式訳の引用なし",
        "en": "Japanese rules: no official translation quoted",
        "fr": "Règles en japonais : aucune traduction officielle citée",
    },
    "rulings_about": {"ja": "{name}に関する裁定", "en": "Rulings about {name}", "fr": "Décisions sur {name}"},
    "rulings_count": {"ja": "{count} 件の裁定", "en": "{count} ruling(s)", "fr": "{count} décision(s)"},
    "cards_count": {"ja": "{count} 枚のカード", "en": "{count} card(s)", "fr": "{count} carte(s)"},
    "rulings_by_year": {"ja": "年別の裁定", "en": "Rulings by year", "fr": "Décisions par année"},
    "rulings_of_year": {"ja": "{year} 年の裁定", "en": "Rulings of {year}", "fr": "Décisions de {year}"},
    "loose_rulings": {
        "ja": "個々のカードに属さない裁定",
        "en": "Rulings not kept on one card",
        "fr": "Décisions qui ne relèvent pas d'une seule carte",
    },
    "about": {"ja": "関連", "en": "About", "fr": "Porte sur"},
    "see_all_rulings": {
        "ja": "すべての裁定 ({count} 件)",
        "en": "All {count} ruling(s)",
        "fr": "Les {count} décision(s)",
    },
    "mixed_rulings": {
        "ja": "{source}: ウィザーズ・オブ・ザ・コーストの裁定と Scryfall の注記が区別されずに含まれているため、コミュニティの文章として掲載しています。",
        "en": "{source}: Wizards of the Coast's rulings and Scryfall's notes, not told apart; shown as community texts.",
        "fr": "{source} : décisions de Wizards of the Coast et notes de Scryfall, non distinguées ; présentées comme textes de la communauté.",
    },
    "card_name": {"ja": "カード名", "en": "Card", "fr": "Carte"},
    "total": {"ja": "合計", "en": "Total", "fr": "Total"},
    "differs_intro": {"ja": "英語版との違い", "en": "Differences from the English", "fr": "Différences avec l'anglais"},
    "history_quotes": {
        "ja": "以前の版の引用 (履歴。現行の本文ではありません)",
        "en": "Quotes of earlier editions (history, not the current text)",
        "fr": "Citations d'éditions antérieures (historique, pas le texte en vigueur)",
    },
    "history_number": {"ja": "当時の番号 {number}", "en": "then rule {number}", "fr": "alors règle {number}"},
    "history_example": {"ja": "例 {n}", "en": "example {n}", "fr": "exemple {n}"},
    "ja_full_rules_intro": {
        "ja": "各ルールの日本語は、Wizards of the Coast の日本公式サイトが公開している公式和訳 ({edition} 版) です。英語版が正です。",
        "en": "",
        "fr": "",
    },
    "ja_full_rules_lagging": {
        "ja": "各ルールの日本語は、Wizards of the Coast の日本公式サイトが公開している公式和訳 ({edition} 版) で、英語 {edition} 版の翻訳です。"
        "英語版はその後 {en} 版になりました。英語が {edition} 版から変わったルールの日本語には「原文更新あり」と示し、その後に加わったルールは英語のみを示します。英語版が正です。",
        "en": "",
        "fr": "",
    },
    "ja_translation_of": {
        "ja": "英語 {edition} 版の翻訳",
        "en": "translates the English of {edition}",
        "fr": "traduit l'anglais de {edition}",
    },
    "ja_rule_was": {"ja": "{edition} 版では {number}", "en": "{number} in {edition}", "fr": "{number} dans {edition}"},
    "ja_full_rules_other_edition": {
        "ja": "公式和訳の版 ({ja}) が英語版 ({en}) と異なるため、日本語は表示していません。",
        "en": "",
        "fr": "",
    },
    "fr_no_official_cr": {
        "ja": "",
        "en": "",
        "fr": "Il n'existe pas de version française officielle à jour des règles complètes : les textes de règles en français de ce site sont des traductions automatiques, et le texte anglais fait foi.",
    },
    "intro": {
        "ja": "マジック：ザ・ギャザリングのカウンターを、日本語・英語・フランス語で。各カウンターを定める総合ルールと、カードの裁定を、出典と版を明記して引用しています。英語の総合ルールが正です。裁定は、ウィザーズ・オブ・ザ・コースト自身の文章であると確認できたものだけを「公式」とし、それ以外は「未確認」と表示します。",
        "en": "The counters of Magic: The Gathering in Japanese, English and French: the Comprehensive Rules that govern each one and the cards' rulings, quoted with their source and edition. The English Comprehensive Rules are authoritative. A ruling is marked official only when it is proven to be Wizards of the Coast's own text; the others are shown as unproven.",
        "fr": "Les marqueurs de Magic: The Gathering en japonais, anglais et français : les règles complètes qui régissent chacun et les décisions sur les cartes, citées avec leur source et leur édition. Les règles complètes en anglais font foi. Une décision n'est marquée officielle que s'il est prouvé que c'est un texte de Wizards of the Coast ; les autres sont présentées comme non prouvées.",
    },
    "rulings_proof": {
        "ja": "裁定: 公式 {official} 件（ウィザーズ・オブ・ザ・コースト自身の文章と確認済み）、未確認 {unproven} 件（誰が書いたかを出典が明記していないもの、またはコミュニティの文章）。",
        "en": "Rulings: {official} official (proven to be Wizards of the Coast's own texts), {unproven} unproven (their source does not say who wrote them, or they are a community's texts).",
        "fr": "Décisions : {official} officielles (prouvées être des textes de Wizards of the Coast), {unproven} non prouvées (leur source ne dit pas qui les a écrites, ou ce sont des textes de la communauté).",
    },
    "rulings_proof_short": {
        "ja": "公式 {official} 件・未確認 {unproven} 件",
        "en": "{official} official, {unproven} unproven",
        "fr": "{official} officielles, {unproven} non prouvées",
    },
    "official_only": {
        "ja": "公式の裁定だけを表示",
        "en": "Show official rulings only",
        "fr": "Afficher les décisions officielles seulement",
    },
    "provenance": {"ja": "出典", "en": "Provenance", "fr": "Provenance"},
    "via_label": {"ja": "{source}、{via} 経由", "en": "{source}, via {via}", "fr": "{source}, via {via}"},
    "proof_official": {"ja": "公式", "en": "official", "fr": "officielle"},
    "proof_unproven": {"ja": "未確認", "en": "unproven", "fr": "non prouvée"},
    "rulings_proof_heading": {
        "ja": "裁定の出典",
        "en": "Where the rulings come from",
        "fr": "D'où viennent les décisions",
    },
    "rulings_review": {
        "ja": "要確認 {count} 件: ウィザーズの裁定に似ているが証明にはならない根拠（別の日付の同じ文章、「点数で見たマナ・コスト」から「マナ総量」への改名、別のカードの裁定）。公式にはしていません（`counterpedia status --list review`）。",
        "en": '{count} for review: evidence that resembles a Wizards ruling without proving it (the same text under another date, "converted mana cost" renamed "mana value", another card\'s ruling). None is marked official (`counterpedia status --list review`).',
        "fr": "{count} à examiner : des indices qui ressemblent à une décision de Wizards sans la prouver (le même texte à une autre date, « coût converti de mana » renommé « valeur de mana », la décision d'une autre carte). Aucune n'est marquée officielle (`counterpedia status --list review`).",
    },
}

STATUS_LABELS = {
    "official": {"ja": "公式", "en": "Official", "fr": "Officiel"},
    "community": {"ja": "コミュニティ", "en": "Community", "fr": "Communauté"},
    "machine": {"ja": "機械翻訳", "en": "Machine translation", "fr": "Traduction automatique"},
    "missing": {"ja": "未翻訳", "en": "Missing", "fr": "Manquant"},
    "drifted": {"ja": "原文更新あり", "en": "Drifted", "fr": "Obsolète"},
}

# "X — the <canonical> text is authoritative", per page language and canonical language.
AUTHORITATIVE = {
    "ja": {"en": "英語版が正", "ja": "日本語版が正", "fr": "フランス語版が正"},
    "en": {
        "en": "the English text is authoritative",
        "ja": "the Japanese text is authoritative",
        "fr": "the French text is authoritative",
    },
    "fr": {"en": "l'anglais fait foi", "ja": "le japonais fait foi", "fr": "le français fait foi"},
}

# One difference between an official translation and the English (a text's `differs`), per kind.
DIFFERENCES = {
    "omits": {
        "ja": "英語版の「{en}」{also}がこの訳にはない。",
        "en": "This translation leaves out “{en}”{also}, which the English has.",
        "fr": "Cette traduction omet « {en} »{also}, présent dans le texte anglais.",
    },
    "adds": {
        "ja": "この訳には英語版にない「{ja}」がある。",
        "en": "This translation adds “{ja}”, which the English does not have.",
        "fr": "Cette traduction ajoute « {ja} », absent du texte anglais.",
    },
    "reference": {
        "ja": "この訳は「{ja}」を参照しているが、英語版では「{en}」である (番号の更新漏れ)。",
        "en": "This translation refers to “{ja}” where the English refers to “{en}” (a number not updated).",
        "fr": "Cette traduction renvoie à « {ja} » là où l'anglais renvoie à « {en} » (numéro non mis à jour).",
    },
}
# How the translation names the omitted words elsewhere, in the sentence above.
DIFFERENCE_ALSO = {"ja": "（{ja}）", "en": " ({ja})", "fr": " ({ja})"}

DRIFT_NOTE = {
    "ja": "この訳の元になった原文は、その後更新されています。",
    "en": "The text this translates has changed since it was translated.",
    "fr": "Le texte traduit a changé depuis cette traduction.",
}

HOLDERS = {
    "player": {"ja": "プレイヤー", "en": "player", "fr": "joueur"},
    "permanent": {"ja": "パーマネント", "en": "permanent", "fr": "permanent"},
    "card": {
        "ja": "カード (戦場以外の領域)",
        "en": "card (in a zone other than the battlefield)",
        "fr": "carte (dans une zone autre que le champ de bataille)",
    },
    "spell": {"ja": "呪文 (スタック上)", "en": "spell (on the stack)", "fr": "sort (sur la pile)"},
    "emblem": {"ja": "紋章", "en": "emblem", "fr": "emblème"},
    # Unstable's Contraptions: Clock of DOOOOOOOOOOOOM! moves "the CRANK! counter to your Contraption deck's next sprocket".
    "sprocket": {
        "ja": "スプロケット (Contraption デッキの)",
        "en": "sprocket (of a Contraption deck)",
        "fr": "pignon (d’un deck de Contraptions)",
    },
}

MECHANIC_TYPES = {
    "keyword-ability": {"ja": "キーワード能力", "en": "keyword ability", "fr": "capacité mot-clé"},
    "keyword-action": {"ja": "キーワード処理", "en": "keyword action", "fr": "action mot-clé"},
    "other": {"ja": "その他", "en": "other", "fr": "autre"},
}


# How a ruling's source and copy are named in one line ("Wizards of the Coast (Gatherer), via MTGJSON 3"); a source
# not listed here is named by its publisher, else its title.
SOURCE_LABELS: dict[str, dict[str, str]] = {
    "wotc-gatherer": {
        "ja": "Wizards of the Coast（Gatherer）",
        "en": "Wizards of the Coast (Gatherer)",
        "fr": "Wizards of the Coast (Gatherer)",
    },
    "mtgjson3-gatherer-20181107": {"ja": "MTGJSON 3", "en": "MTGJSON 3", "fr": "MTGJSON 3"},
    "mtgjson-rulings-20220425": {
        "ja": "MTGJSON 5.2.0（Wizards か Scryfall か明記なし）",
        "en": "MTGJSON 5.2.0 (Wizards or Scryfall, not stated)",
        "fr": "MTGJSON 5.2.0 (Wizards ou Scryfall, non précisé)",
    },
    "wotc-rulings": {"ja": "Wizards of the Coast", "en": "Wizards of the Coast", "fr": "Wizards of the Coast"},
    "scryfall-bulk-data": {"ja": "Scryfall", "en": "Scryfall", "fr": "Scryfall"},
    "scryfall-notes": {
        "ja": "Scryfall（独自の注記）",
        "en": "Scryfall (its own note)",
        "fr": "Scryfall (sa propre note)",
    },
}


def t(key: str, lang: str) -> str:
    return STRINGS[key][lang]


def status_label(status: str, lang: str) -> str:
    return STATUS_LABELS[status][lang]


def difference(item: dict, lang: str) -> str:
    """One noted difference as a sentence in the page's language (plain text)."""
    kind = item.get("kind")
    if kind not in DIFFERENCES:
        return ""
    also = DIFFERENCE_ALSO[lang].format(ja=item["ja"]) if kind == "omits" and item.get("ja") else ""
    return DIFFERENCES[kind][lang].format(en=item.get("en", ""), ja=item.get("ja", ""), also=also)


def machine_badge(lang: str, canonical: str) -> str:
    """ "機械翻訳 — 英語版が正", "Traduction automatique — l'anglais fait foi"."""
    return f"{STATUS_LABELS['machine'][lang]} — {AUTHORITATIVE[lang][canonical]}"
