import type { FaultTexts } from './index.ts';

/** České texty katalogu poruch zařízení. */
const texts: FaultTexts = {
  grid_over_voltage: {
    name: 'Přepětí v síti',
    details:
      'Zařízení naměřilo napětí sítě nad limitem síťového kodexu a odpojilo se od sítě. Typické limity: 10minutový průměr nad 110 % jmenovitého napětí (253 V v síti 230 V) nebo okamžitá hodnota nad 115 %.',
    cause:
      'Vysoké napětí v místní síti, často kolem poledne, kdy do stejného vedení dodává mnoho fotovoltaických elektráren; příliš dlouhý nebo poddimenzovaný kabel AC k přípojnému bodu; distribuční transformátor nastavený na vysokou odbočku.',
    advice:
      'Pokud se to stane jen občas, není třeba nic dělat: zařízení se samo znovu připojí, jakmile je napětí po dobu zpoždění připojení (obvykle 60 s nebo déle) opět v povoleném rozsahu. Pokud se to opakuje za slunečných dnů, obraťte se na svého instalátora. Instalátor: změřte napětí v přípojném bodě a na svorkách AC při plném přetoku do sítě; nárůst napětí na kabelu AC nad 1–2 % vyžaduje větší průřez; je-li napětí vysoké již v přípojném bodě, požádejte o kontrolu provozovatele distribuční soustavy. Nenastavujte limity nad hodnoty, které síťový kodex povoluje.',
  },
  grid_under_voltage: {
    name: 'Podpětí v síti',
    details:
      'Zařízení naměřilo napětí sítě pod dolním limitem síťového kodexu a odpojilo se od sítě. Typický limit: pod 80–85 % jmenovitého napětí (asi 184–196 V v síti 230 V) déle, než je doba vybavení.',
    cause:
      'Slabá nebo silně zatížená místní síť; pokles napětí při poruše ve veřejné síti; uvolněný spoj nebo přepálená pojistka na jedné fázi; dlouhý kabel AC s velkým úbytkem napětí.',
    advice:
      'Zařízení se samo znovu připojí, jakmile je napětí opět v povoleném rozsahu. Pokud se to opakuje nebo část domu nemá proud, zkontrolujte jističe a pojistky v rozvaděči a obraťte se na svého instalátora. Instalátor: změřte pod zátěží fázové napětí každé fáze na svorkách AC a v přípojném bodě; zkontrolujte dotažení svorek a pojistky na všech fázích.',
  },
  grid_over_frequency: {
    name: 'Nadfrekvence v síti',
    details:
      'Zařízení naměřilo kmitočet sítě nad limitem síťového kodexu a odpojilo se od sítě. Typický limit: nad 51,5 Hz v síti 50 Hz; již od 50,2 Hz zařízení snižuje svůj výkon.',
    cause:
      'Porucha ve veřejné síti, například po odpojení velkého odběratele; při napájení z generátoru nebo v ostrovním provozu nestabilní otáčky generátoru; chybně nastavená země nebo síťový kodex.',
    advice:
      'Obvykle jde o krátkou poruchu ve veřejné síti a zařízení se samo znovu připojí. Pokud se to opakuje, obraťte se na svého instalátora. Instalátor: ověřte, že nastavení země a síťového kodexu odpovídá místu instalace; při provozu s generátorem zkontrolujte jeho regulátor otáček a kmitočet při změnách zátěže.',
  },
  grid_under_frequency: {
    name: 'Podfrekvence v síti',
    details:
      'Zařízení naměřilo kmitočet sítě pod limitem síťového kodexu a odpojilo se od sítě. Typický limit: pod 47,5 Hz v síti 50 Hz.',
    cause:
      'Porucha ve veřejné síti, například po výpadku velké elektrárny; při napájení z generátoru nebo v ostrovním provozu přetížený generátor nebo nestabilní regulátor otáček; chybně nastavená země nebo síťový kodex.',
    advice:
      'Obvykle jde o krátkou poruchu ve veřejné síti a zařízení se samo znovu připojí. Pokud se to opakuje, obraťte se na svého instalátora. Instalátor: zkontrolujte nastavení země a síťového kodexu; při provozu s generátorem ověřte, že generátor není přetížený a že jeho kmitočet zůstává stabilní i při zapínání spotřebičů.',
  },
  grid_lost: {
    name: 'Výpadek sítě',
    details:
      'Zařízení již nerozpoznává napětí sítě na jedné nebo více fázích svého síťového připojení a odpojilo se od sítě. Systém se záložním napájením přepne zálohované spotřebiče na napájení z baterie.',
    cause:
      'Výpadek proudu ve veřejné síti; vybavený jistič nebo proudový chránič mezi zařízením a elektroměrem; přepálená hlavní pojistka; uvolněný nebo odpojený kabel AC.',
    advice:
      'Zkontrolujte, zda mají proud sousedé a zda v rozvaděči nevypadl jistič nebo proudový chránič. Alarm zmizí sám, jakmile se síť obnoví. Pokud je v domě napětí ze sítě, ale alarm trvá, obraťte se na svého instalátora. Instalátor: změřte napětí každé fáze na síťových svorkách zařízení, zkontrolujte jistič na straně sítě, konektor AC a připojení nulového vodiče.',
  },
  dc_injection_high: {
    name: 'Příliš vysoká stejnosměrná složka',
    details:
      'Zařízení naměřilo ve výstupním proudu AC stejnosměrnou složku nad povolenou mez a odpojilo se od sítě. Typický limit: 0,5 % jmenovitého proudu nebo 1 A podle síťového kodexu.',
    cause:
      'Ve většině případů porucha měření proudu nebo výstupního stupně zařízení; výjimečně silně zkreslené nebo nesymetrické napětí sítě.',
    advice:
      'Zařízení se samo pokouší znovu připojit. Pokud se alarm objevuje několikrát denně, obraťte se na svého instalátora. Instalátor: restartujte zařízení po vypnutí AC i DC alespoň na 5 minut; pokud se alarm vrací, nahlaste jej servisu výrobce se sériovým číslem a časy alarmů, protože zařízení může vyžadovat opravu.',
  },
  phase_sequence_error: {
    name: 'Chybný sled fází',
    details:
      'Elektroměr zjistil, že fáze nejsou zapojeny v pořadí L1–L2–L3 nebo že napětí některé fáze je připojeno na nesprávnou svorku. Hodnoty jednotlivých fází mohou být přiřazeny nesprávným fázím.',
    cause:
      'Při instalaci prohozené fázové vodiče na napěťových svorkách elektroměru nebo proudové transformátory nasazené na jiných fázích, než ke kterým patří připojená napětí.',
    advice:
      'Systém dál pracuje, ale naměřený výkon sítě, omezení přetoků a řízení vlastní spotřeby mohou být chybné. Obraťte se na svého instalátora. Instalátor: ověřte zapojení napětí zkoušečkou sledu fází, zajistěte, aby každý proudový transformátor byl na fázi, jejíž napětí je připojeno ke stejnému vstupu elektroměru, a poté elektroměr restartujte, aby se alarm zrušil.',
  },
  current_transformer_reversed: {
    name: 'Obráceně osazený transformátor proudu',
    details:
      'Elektroměr naměřil na jedné nebo více fázích tok výkonu ve směru, který neodpovídá instalaci, například odběr ze sítě, zatímco fotovoltaika dodává do sítě. Proudový transformátor je pravděpodobně nasazen obráceně.',
    cause:
      'Proudový transformátor nasazený proti směru, který je na něm vyznačen, prohozené sekundární vodiče (S1/S2 nebo k/l) nebo transformátor na nesprávné fázi.',
    advice:
      'Systém dál pracuje, ale hodnoty odběru a dodávky, řízení vlastní spotřeby a omezení přetoků mohou být chybné. Obraťte se na svého instalátora. Instalátor: ověřte, že šipka (P1→P2 nebo K→L) na každém proudovém transformátoru ukazuje směrem, který uvádí návod (obvykle od sítě k domu), u obrácených prohoďte S1/S2, ověřte znaménko výkonu na každé fázi se známou zátěží a vypnutou fotovoltaikou a poté elektroměr restartujte.',
  },
  ac_output_overload: {
    name: 'Přetížení výstupu AC',
    details:
      'Spotřebiče na záložním nebo ostrovním výstupu odebíraly větší výkon, než zařízení dokáže dodat, a výstup byl vypnut. Typický limit: nad 110 % jmenovitého výkonu po několik sekund nebo krátká proudová špička nad špičkovým výkonem.',
    cause:
      'Příliš mnoho spotřebičů zapnutých najednou; vysoký záběrový proud motoru, čerpadla, kompresoru nebo tepelného čerpadla; zkrat v připojeném obvodu.',
    advice:
      'Vypněte velké spotřebiče; výstup se po krátké prodlevě sám znovu zapne. Nezapínejte několik velkých spotřebičů současně. Pokud k přetížení dochází i při malé zátěži, obraťte se na svého instalátora. Instalátor: změřte proud zátěže na výstupu, zkontrolujte zálohované obvody na zkrat nebo zemní spojení a porovnejte záběrový proud motorových spotřebičů s přetížitelností zařízení.',
  },
  pv_insulation_low: {
    name: 'Nízký izolační odpor FV',
    details:
      'Před připojením k síti zařízení měří izolační odpor mezi fotovoltaickým polem a zemí a zjistilo hodnotu pod minimem; dokud je odpor příliš nízký, k síti se nepřipojí. Typický limit (IEC 62109-2): maximální napětí FV dělené 30 mA, např. 33 kΩ pro pole 1000 V.',
    cause:
      'Vlhkost na panelech nebo v konektorech ráno či po dešti; poškozená izolace kabelů (hlodavci, ostré hrany, stárnutí UV zářením); voda v rozbočovací krabici nebo konektoru; vadný panel.',
    advice:
      'Pokud se alarm objevuje jen ráno nebo po dešti a sám zmizí, jakmile panely oschnou, není třeba nic dělat. Pokud trvá déle než den nebo se vrací každý den, obraťte se na svého instalátora. Nedotýkejte se FV kabelů ani konektorů. Instalátor: odpojte stringy a měřičem izolačního odporu změřte odpor každého stringu (PV+ a PV− proti zemi) při napětí pole; zkontrolujte konektory, rozbočovací krabice a trasy kabelů, zda nejsou poškozené nebo vlhké.',
  },
  residual_current_high: {
    name: 'Příliš vysoký unikající proud',
    details:
      'Jednotka sledování reziduálního proudu (RCMU) naměřila unikající proud do země nad povolenou mez a zařízení se odpojilo od sítě. Typické limity (IEC 62109-2): trvale 300 mA nebo náhlý nárůst o 30 mA.',
    cause:
      'Mokré panely nebo kabely, které zvyšují unikající proud; poškozená izolace na straně DC nebo AC; velké FV pole s vysokou kapacitou proti zemi (kovová střecha, tenkovrstvé panely); vadný panel.',
    advice:
      'Občasné odpojení za vlhkého počasí zmizí samo. Pokud se opakuje často, obraťte se na svého instalátora. Instalátor: změřte izolační odpor každého stringu a kabelu AC, zkontrolujte ochranný vodič zařízení a rámů panelů a porovnejte velikost pole s mezemi unikajícího proudu v návodu k zařízení.',
  },
  pv_over_voltage: {
    name: 'Přepětí na vstupu FV',
    details:
      'Napětí na vstupu FV překročilo maximální vstupní napětí DC zařízení (např. 1000 V, viz katalogový list). Zařízení se zastavilo a zůstává zablokované až do kontroly, protože vstupní stupeň mohl být poškozen.',
    cause:
      'Příliš mnoho panelů v sérii, zejména v mrazu (napětí naprázdno panelu roste asi o 0,3 % na každý °C pod 25 °C); chybné zapojení stringu po výměně panelů; omylem sériově spojené dva stringy.',
    advice:
      'Okamžitě se obraťte na svého instalátora. Nedotýkejte se FV kabelů ani konektorů a nespínejte odpojovač DC pod zátěží. Instalátor: při rozepnutém odpojovači DC změřte napětí naprázdno každého stringu; přepočítejte délku stringu s Voc panelu při nejnižší očekávané teplotě v místě; před opětovným spuštěním opravte zapojení, a pokud napětí výrazně překročilo limit, nechte zařízení zkontrolovat.',
  },
  pv_string_reversed: {
    name: 'Přepólovaný FV string',
    details:
      'Zařízení naměřilo na vstupu FV záporné napětí: string je připojen s prohozeným plusem a minusem. Dokud polarita nebude opravena, zařízení se nespustí.',
    cause:
      'Prohozené PV+ a PV− při instalaci nebo servisu; konektor nalisovaný na nesprávný kabel; chybně označené kabely.',
    advice:
      'Obraťte se na svého instalátora a FV konektory sami nerozpojujte. Instalátor: rozepněte odpojovač DC (u paralelně zapojených stringů pracujte při slabém osvitu), před připojením změřte polaritu každého stringu na konektorech, opravte zapojení a zařízení znovu spusťte.',
  },
  pv_string_low_output: {
    name: 'Nízký výkon FV stringu',
    details:
      'Jeden FV string dává při stejném osvitu zřetelně menší proud než srovnatelné stringy, obvykle delší dobu méně než 70–80 % jejich průměru.',
    cause:
      'Stínění stromy, komíny nebo sněhem; silné znečištění nebo ptačí trus; vadný panel nebo bypassová dioda; uvolněný nebo zkorodovaný konektor; přepálená pojistka stringu. Stringy s jinou orientací nebo délkou se liší i běžně.',
    advice:
      'Prohlédněte panely ze země, zda na ně nedopadá stín a nejsou pokryté sněhem, listím nebo nečistotou; na střechu nelezte. Varování zmizí samo, jakmile se výkon stringu vrátí do normálu. Pokud jsou panely čisté a nestíněné a varování trvá několik slunečných dnů, obraťte se na svého instalátora. Instalátor: porovnejte napětí a proudy stringů, změřte Voc a Isc slabšího stringu, zkontrolujte pojistky a konektory a termokamerou vyhledejte horká místa.',
  },
  dc_arc_fault: {
    name: 'Oblouková porucha na straně DC',
    details:
      'Obvod detekce oblouku (AFCI) rozpoznal charakteristický signál elektrického oblouku na straně DC a zařízení vypnul. Zařízení zůstane vypnuté, dokud není po kontrole ručně resetováno (UL 1699B, IEC 63027).',
    cause:
      'Uvolněný, poškozený nebo špatně nalisovaný konektor DC; spojené konektory různých výrobců; poškozená izolace kabelu; koroze nebo voda v rozbočovací krabici. Výjimečně způsobí falešné vybavení silné rušení.',
    advice:
      'Elektrický oblouk představuje nebezpečí požáru: zařízení sami neresetujte a neprodleně se obraťte na svého instalátora. Pokud cítíte spáleninu, vidíte kouř nebo stopy ohně, vypněte jistič AC a, je-li bezpečně dostupný, i odpojovač DC a volejte hasiče. Instalátor: prohlédněte všechny konektory, krabice a kabely dotčených stringů, zda nenesou stopy opálení, ověřte, že spojené konektory jsou stejného typu a správně nalisované, změřte izolační odpor a AFCI resetujte až po odstranění příčiny.',
  },
  over_temperature: {
    name: 'Přehřátí',
    details:
      'Vnitřní teplota (chladiče nebo výkonového modulu) překročila mez a zařízení se zastavilo, aby chránilo elektroniku. Předtím obvykle snižuje výkon (derating); po vychladnutí se znovu spustí.',
    cause:
      'Přímé slunce na zařízení; vysoká okolní teplota; málo volného prostoru kolem zařízení; ucpané přívody vzduchu nebo zaprášený chladič; nefunkční ventilátor.',
    advice:
      'Zkontrolujte, zda zařízení není na přímém slunci a zda jsou přívody vzduchu a prostor kolem něj bez prachu, listí a uložených předmětů. Po vychladnutí se zařízení samo znovu spustí. Pokud k tomu dochází i při mírném počasí, obraťte se na svého instalátora. Instalátor: zkontrolujte odstupy požadované návodem, vyčistěte chladič a filtry, zkontrolujte ventilátory a zvažte stínění nebo chladnější místo montáže.',
  },
  fan_fault: {
    name: 'Porucha ventilátoru',
    details:
      'Chladicí ventilátor se netočí nebo se točí pomaleji, než má. Zařízení dál pracuje, ale při vysoké teplotě může snížit výkon.',
    cause:
      'Ventilátor zablokovaný nečistotou, hmyzem nebo cizím předmětem; opotřebená ložiska; uvolněný konektor ventilátoru; vadný ventilátor.',
    advice:
      'Zvenku zkontrolujte, zda jsou otvory ventilátoru volné; zařízení neotevírejte. Obraťte se na svého instalátora, aby ventilátor vyčistil nebo vyměnil; do té doby počítejte v horkých dnech se sníženým výkonem. Instalátor: vypněte AC i DC a vyčkejte dobu vybití uvedenou na štítku, zkontrolujte, zda ventilátor není zablokovaný, a jeho konektor, v případě potřeby jej vyměňte; alarm zmizí po restartu.',
  },
  temperature_sensor_fault: {
    name: 'Porucha teplotního čidla',
    details:
      'Teplotní čidlo hlásí nevěrohodnou hodnotu (přerušení, zkrat nebo hodnotu mimo rozsah). Zařízení dál pracuje, ale může preventivně omezit výkon nebo nabíjecí proud, protože tuto teplotu již nemůže hlídat.',
    cause: 'Uvolněný nebo poškozený kabel či konektor čidla; vadné čidlo (NTC); porucha měřicí desky.',
    advice:
      'Zařízení pracuje dál s omezeným výkonem. Obraťte se na svého instalátora, aby jej zkontroloval. Instalátor: v servisním menu zjistěte, kterého čidla se porucha týká, zkontrolujte jeho kabel a konektor, změřte odpor NTC a porovnejte jej s tabulkou v servisním návodu, v případě potřeby vyměňte čidlo nebo desku; alarm zrušíte restartem zařízení.',
  },
  battery_over_voltage: {
    name: 'Přepětí baterie',
    details:
      'Systém správy baterie (BMS) naměřil napětí baterie nebo článku nad horní mezí a zastavil nabíjení; vybíjení je nadále možné. Typický limit pro lithium-železo-fosfátové články (LFP): asi 3,65 V na článek.',
    cause:
      'Příliš vysoké nabíjecí napětí nastavené ve střídači nebo zvolený nesprávný typ baterie; ztráta komunikace s BMS, takže nabíjení nebylo omezeno; nevyvážené články, z nichž jeden je plný dříve než ostatní.',
    advice:
      'Alarm zmizí sám, jakmile napětí klesne, například když dům začne odebírat energii z baterie. Pokud se opakuje, obraťte se na svého instalátora. Instalátor: ověřte, že typ baterie a nabíjecí napětí nastavené ve střídači odpovídají katalogovému listu baterie, zkontrolujte komunikaci s BMS a odečtěte napětí článků, abyste zjistili, zda některý článek nebo modul nemá napětí vyšší.',
  },
  battery_under_voltage: {
    name: 'Podpětí baterie',
    details:
      'Systém správy baterie (BMS) naměřil napětí baterie nebo článku pod dolní mezí a zastavil vybíjení, aby články chránil před hlubokým vybitím; nabíjení je nadále možné. Typický limit pro články LFP: 2,5–2,8 V na článek.',
    cause:
      'Baterie byla dlouho vybíjena bez nabíjení (zima s malým osvitem, dlouhý výpadek proudu, vysoká spotřeba v ostrovním provozu); příliš nízko nastavený minimální stav nabití; vlastní spotřeba v pohotovostním režimu během dlouhé odstávky.',
    advice:
      'Baterie se znovu nabije z fotovoltaiky nebo ze sítě a alarm poté sám zmizí. Pokud ji několik dní nelze nabít nebo se nezotavuje, neprodleně se obraťte na svého instalátora: hluboce vybitá baterie se může trvale poškodit. Instalátor: zkontrolujte nastavení minimálního stavu nabití a vypínacího napětí, je-li to možné, vynuťte nabíjení ze sítě a odečtěte napětí článků; pod mezí obnovení stanovenou výrobcem kontaktujte výrobce baterie.',
  },
  cell_voltage_imbalance: {
    name: 'Nevyvážená napětí článků',
    details:
      'Rozdíl mezi nejvyšším a nejnižším napětím článku překračuje mez systému správy baterie (obvykle více než 0,1–0,3 V). Využitelná kapacita může být snížena, dokud balancování články nevyrovná.',
    cause:
      'Články nebo moduly různého stáří či kapacity; baterie, která se málokdy plně nabije (balancování probíhá při plném nabití); později přidaný modul; vadný článek nebo balancovací obvod.',
    advice:
      'Nechte baterii během několika slunečných dnů plně nabít; při plném nabití se články vyrovnají a varování zmizí samo. Pokud trvá déle než týden, obraťte se na svého instalátora. Instalátor: odečtěte napětí článků po modulech, proveďte plné nabití s balancováním (nebo nastavte pravidelné plné nabíjení) a ověřte, zda se některý modul trvale neodchyluje; pokud ano, vyměňte jej.',
  },
  battery_over_temperature: {
    name: 'Přehřátí baterie',
    details:
      'Systém správy baterie (BMS) naměřil teplotu článku nad mezí pro nabíjení nebo vybíjení a baterii zastavil, dokud nevychladne. Typické meze pro lithiové baterie: asi 55 °C při nabíjení a 60 °C při vybíjení.',
    cause:
      'Vysoká teplota v místnosti s baterií; přímé slunce nebo blízký zdroj tepla; špatné větrání; dlouhodobě vysoký nabíjecí nebo vybíjecí proud; vadný článek.',
    advice:
      'Zkontrolujte, zda baterie není vystavena slunci nebo teplu a zda kolem ní může proudit vzduch. Alarm zmizí sám, jakmile baterie vychladne. Pokud se opakuje, je-li baterie horká v chladném prostředí nebo pokud se nafukuje či zapáchá, vypněte ji, můžete-li to udělat bezpečně, a okamžitě se obraťte na svého instalátora. Instalátor: zkontrolujte teplotu místnosti a odstupy, porovnejte teploty modulů a hledejte jednotlivý horký modul, který ukazuje na vadu článku.',
  },
  battery_under_temperature: {
    name: 'Baterie je příliš studená',
    details:
      'Teplota článků je pod minimem pro nabíjení (u lithiových baterií obvykle 0 °C), a proto systém správy baterie nabíjení blokuje nebo omezuje, aby články chránil. Vybíjení pokračuje v povolených mezích.',
    cause: 'Baterie instalovaná v nevytápěné garáži, kůlně nebo venku v zimě.',
    advice:
      'Nabíjení se samo obnoví, jakmile se články zahřejí. Pokud k tomu v zimě dochází často, poraďte se s instalátorem o přemístění baterie do nezámrzné místnosti nebo o baterii s funkcí vyhřívání. Instalátor: zkontrolujte teplotu místnosti a ověřte, zda baterie má funkci vyhřívání a zda je zapnutá.',
  },
  battery_over_current: {
    name: 'Nadproud baterie',
    details:
      'Nabíjecí nebo vybíjecí proud překročil maximum povolené systémem správy baterie a byl přerušen, aby byly články chráněny.',
    cause:
      'Proudový limit nastavený ve střídači vyšší, než baterie povoluje; ztráta komunikace s BMS, takže střídač nerespektoval limity BMS; proudové rázy zátěže na záložním nebo ostrovním výstupu; příliš málo bateriových modulů vzhledem k výkonu střídače.',
    advice:
      'Alarm zmizí sám po krátké pauze. Pokud se opakuje, obraťte se na svého instalátora. Instalátor: porovnejte proudové limity nastavené ve střídači s katalogovým listem baterie a počtem modulů, zkontrolujte komunikaci s BMS, porovnejte proudy měřené BMS a střídačem a zkontrolujte kabely DC, zda v nich není zkrat.',
  },
  battery_contactor_fault: {
    name: 'Porucha stykače baterie',
    details:
      'Hlavní stykač nebo relé baterie nesepnul nebo nerozepnul podle povelu, případně má svařené kontakty. Baterie je zablokovaná a zůstane mimo provoz, dokud ji nezkontroluje servisní technik.',
    cause:
      'Kontakty svařené po spínání vysokého proudu; vadná cívka nebo budič stykače; porucha obvodu přednabíjení; uvolněné ovládací vodiče.',
    advice:
      'Nepokoušejte se baterii znovu spustit ani otevírat její kryt: na svorkách může stále být napětí. Obraťte se na svého instalátora. Instalátor: nespoléhejte na stykač jako na prostředek odpojení, použijte externí jistič nebo odpojovač DC; změřte napětí na výstupu baterie při povelu k rozepnutí stykače; zkontrolujte rezistor a pojistku přednabíjení a napětí cívky; vyměňte stykač nebo jednotku BMS podle servisního návodu výrobce.',
  },
  meter_communication_lost: {
    name: 'Ztráta komunikace s elektroměrem',
    details:
      'Zařízení nedostává data z elektroměru. Bez elektroměru nefunguje omezení přetoků, řízení vlastní spotřeby ani údaje o odběru a dodávce; podle nastavení střídač preventivně omezí dodávku do sítě.',
    cause:
      'Odpojený nebo poškozený kabel RS485; prohozené vodiče A a B; chybná adresa Modbus nebo přenosová rychlost; elektroměr bez napájení (vypnutý jistič); chybějící zakončovací rezistor na dlouhém vedení.',
    advice:
      'Zkontrolujte, zda je elektroměr v rozvaděči napájen (svítí jeho displej). Alarm zmizí sám, jakmile se komunikace obnoví; pokud trvá, obraťte se na svého instalátora. Instalátor: zkontrolujte zapojení RS485 (A/B), zakončení a stínění, adresu Modbus a přenosovou rychlost elektroměru a elektroměr restartujte.',
  },
  bms_communication_lost: {
    name: 'Ztráta komunikace s BMS',
    details:
      'Střídač nebo výkonový měnič (PCS) nedostává data ze systému správy baterie (BMS). Bez limitů z BMS nelze baterii bezpečně provozovat, proto je nabíjení i vybíjení zastaveno.',
    cause:
      'Uvolněný, poškozený nebo chybně zapojený kabel CAN nebo RS485; baterie vypnutá nebo v režimu spánku po hlubokém vybití; zvolený nesprávný výrobce nebo protokol baterie; chybějící zakončovací rezistor.',
    advice:
      'Zkontrolujte, zda je baterie zapnutá (tlačítko napájení nebo jistič, kontrolky). Alarm zmizí sám, jakmile se komunikace obnoví; pokud trvá, obraťte se na svého instalátora. Instalátor: zkontrolujte komunikační kabel a zapojení pinů (CAN-H/CAN-L), zakončení, protokol baterie zvolený ve střídači a kompatibilitu firmwaru BMS a baterii v režimu spánku probuďte.',
  },
  part_communication_lost: {
    name: 'Ztráta komunikace s jednotkou',
    details:
      'Řídicí jednotka EMS 5000 nedostává data z jedné ze svých jednotek (FV měniče, statického přepínače nebo řídicí jednotky generátoru; alarm jednotku uvádí) a nemůže ji řídit.',
    cause:
      'Uvolněný nebo poškozený komunikační kabel (RS485, CAN nebo Ethernet); jednotka vypnutá nebo bez pomocného napájení; chybná adresa nebo nastavení komunikace po výměně nebo aktualizaci firmwaru.',
    advice:
      'Zkontrolujte, zda je rozvaděč uvedené jednotky napájen a zda jsou jeho jističe zapnuté. Alarm zmizí sám, jakmile se komunikace obnoví; pokud trvá, obraťte se na svého instalátora. Instalátor: zkontrolujte pomocné napájení jednotky, komunikační kabel a jeho konektory, adresu a přenosovou rychlost a restartujte řídicí jednotku dotčené části.',
  },
  rs485_bus_error: {
    name: 'Chyba sběrnice RS485',
    details:
      'Datalogger dostává na sběrnici RS485 od jednoho nebo více připojených zařízení chyby (vypršení časového limitu, chyby kontrolního součtu) nebo žádné odpovědi. Jejich hodnoty se do portálu dostávají neúplné nebo se zpožděním.',
    cause:
      'Prohozené vodiče A a B; špatný kontakt; chybějící zakončovací rezistory (120 Ω) na koncích sběrnice; příliš dlouhý nebo nekroucený kabel; dvě zařízení se stejnou adresou; různé přenosové rychlosti; rušení od silových kabelů.',
    advice:
      'Varování zmizí samo, jakmile bude komunikace opět spolehlivá. Pokud trvá déle než den nebo chybějí hodnoty, obraťte se na svého instalátora. Instalátor: zkontrolujte polaritu zapojení, zakončení 120 Ω na obou koncích sběrnice, jedinečnost adres a shodnou přenosovou rychlost; použijte stíněný kroucený pár, stínění uzemněte na jednom konci a kabel veďte odděleně od silových kabelů.',
  },
  uplink_signal_weak: {
    name: 'Slabý signál připojení',
    details:
      'Připojení dataloggeru k routeru nebo mobilní síti je slabé (u Wi-Fi obvykle pod −70 dBm). Data mohou přicházet se zpožděním nebo s mezerami; datalogger hodnoty ukládá a odešle je později.',
    cause:
      'Router je daleko nebo oddělený betonovými či kovovými stěnami; datalogger je v kovovém rozvaděči; router byl přemístěn nebo vyměněn; rádiové rušení; slabé pokrytí mobilní sítí.',
    advice:
      'Zkontrolujte, zda je router zapnutý; je-li to možné, přemístěte jej blíže nebo doplňte opakovač Wi-Fi poblíž dataloggeru. Varování zmizí samo, jakmile bude signál dobrý. Pokud trvá, obraťte se na svého instalátora. Instalátor: změřte sílu signálu v místě dataloggeru a podle potřeby použijte externí anténu, síťový kabel nebo opakovač.',
  },
  ev_ground_fault: {
    name: 'Zemní spojení (vybavil chránič)',
    details:
      'Proudová ochrana nabíjecí stanice zjistila poruchový proud do země (AC nad 30 mA nebo hladký DC nad 6 mA, IEC 62955) a zastavila nabíjení. Stanice zůstane vypnutá, dokud není po kontrole resetována.',
    cause:
      'Porucha izolace nabíjecího kabelu, konektoru nebo nabíjecího systému vozidla; voda v konektoru nebo v nabíjecí zásuvce vozidla; poškozený přívodní kabel; porucha elektroinstalace.',
    advice:
      'Odpojte vozidlo a zkontrolujte kabel a konektor, zda nejsou viditelně poškozené nebo vlhké; poškozeného kabelu se nedotýkejte a stanici opakovaně neresetujte. Obraťte se na svého instalátora; pokud ochrana vybavuje jen u jednoho vozidla, nechte zkontrolovat i vozidlo. Instalátor: změřte izolační odpor přívodního a nabíjecího kabelu, otestujte proudový chránič a detekci stejnosměrného poruchového proudu revizním přístrojem, zkontrolujte ochranný vodič a vyzkoušejte nabíjení s jiným vozidlem nebo simulátorem vozidla.',
  },
  ev_pilot_signal_error: {
    name: 'Chyba řídicího signálu CP',
    details:
      'Řídicí signál (CP) mezi nabíjecí stanicí a vozidlem je mimo hodnoty normy IEC 61851-1 (neplatný stav, chybějící dioda nebo zkrat). Nabíjení je pozastaveno, dokud se neobnoví platný signál.',
    cause:
      'Znečištěné nebo poškozené kontakty v konektoru či v nabíjecí zásuvce vozidla; poškozený nabíjecí kabel; nedostatečně zasunutý konektor; porucha palubní nabíječky vozidla.',
    advice:
      'Nabíjení se samo obnoví, jakmile bude signál opět platný. Pokud ne, vytáhněte konektor, zkontrolujte, zda není znečištěný nebo poškozený, a znovu jej pevně zasuňte. Pokud se to opakuje u více vozidel, obraťte se na svého instalátora; pokud jen u jednoho, obraťte se na servis vozidla. Instalátor: testovacím adaptérem změřte napěťové úrovně CP (+12/9/6 V) a střídu PWM a zkontrolujte vodič CP, diodu a kabel.',
  },
  ev_over_current: {
    name: 'Nadproud při nabíjení',
    details:
      'Vozidlo odebíralo větší proud, než mu nabíjecí stanice povolila signálem CP, a stanice proto nabíjení zastavila; po pauze v něm pokračuje.',
    cause:
      'Palubní nabíječka vozidla nerespektuje signál CP; proudový limit byl během nabíjení snížen (řízení zátěže); chybné měření proudu.',
    advice:
      'Nabíjení se samo obnoví. Pokud se to opakuje, poznamenejte si model vozidla a obraťte se na svého instalátora. Instalátor: porovnejte nastavený maximální proud a nastavení řízení zátěže s proudem naměřeným klešťovým ampérmetrem, aktualizujte firmware a vyzkoušejte nabíjení s jiným vozidlem.',
  },
  connector_lock_fault: {
    name: 'Porucha zámku konektoru',
    details:
      'Zámek, který drží konektor v zásuvce, se podle povelu nezamkl nebo neodemkl. Nabíjecí stanice nezahájí nabíjení nebo nemůže konektor uvolnit.',
    cause:
      'Nedostatečně zasunutý konektor; nečistota nebo led v zásuvce; vadný pohon zámku; poškozený konektor.',
    advice:
      'Je-li konektor uvolněný, vytáhněte jej, zkontrolujte, zda v zásuvce není nečistota nebo led, a konektor zasuňte nadoraz; v mrazu počkejte, až led roztaje. Konektor nevytahujte násilím. Pokud je konektor zaseknutý nebo porucha trvá i po restartu, obraťte se na svého instalátora. Instalátor: zkontrolujte pohon zámku, jeho kabeláž a zpětné hlášení polohy, vyzkoušejte jiný kabel a v případě potřeby pohon vyměňte; restart alarm zruší.',
  },
  ev_relay_welded: {
    name: 'Svařené nabíjecí relé',
    details:
      'Nabíjecí stanice naměřila na svém výstupu napětí, přestože její relé nebo stykač měl být rozepnutý: kontakt je svařený. Stanice je zablokovaná, protože nabíjecí kabel by mohl zůstat pod napětím.',
    cause: 'Opakované spínání pod zátěží; nadproud nebo zkrat; stykač na konci životnosti.',
    advice:
      'Nabíjecí stanici nepoužívejte, nedotýkejte se poškozeného konektoru a vypněte její jistič v rozvaděči. Obraťte se na svého instalátora. Instalátor: odpojte napájení a ověřte beznapěťový stav, vyměňte stykač nebo výkonovou desku, zjistěte příčinu (zkrat, přetížení) a po opravě otestujte proudový chránič a výstup stanice.',
  },
  generator_start_failure: {
    name: 'Generátor se nespustil',
    details:
      'EMS vyslal generátoru povel ke spuštění, ale generátor se nespustil nebo v rámci povolených pokusů o start (obvykle tří) nedosáhl stabilního napětí a kmitočtu.',
    cause:
      'Prázdná palivová nádrž; vybitý startovací akumulátor; generátor v ručním režimu či vypnutý nebo stisknuté nouzové tlačítko; porucha kabelu startovacího signálu; problém s přívodem paliva nebo ucpaný vzduchový filtr; velmi nízká teplota.',
    advice:
      'Zkontrolujte stav paliva, zda je přepínač režimu generátoru v poloze AUTO a zda není stisknuté nouzové tlačítko. Obraťte se na svého instalátora nebo servis generátoru; po odstranění příčiny se alarm resetuje na generátoru a v EMS. Instalátor: zkontrolujte zapojení startovacího signálu, napětí startovacího akumulátoru a záznam poruch řídicí jednotky generátoru a vyzkoušejte ruční start.',
  },
  generator_low_fuel: {
    name: 'Nízká hladina paliva generátoru',
    details:
      'Hladina paliva v generátoru klesla pod varovnou úroveň nastavenou v jeho řídicí jednotce (často 20–25 %).',
    cause: 'Palivo spotřebované během dlouhého provozu; vadné čidlo hladiny; únik paliva.',
    advice:
      'Brzy doplňte palivo; po natankování varování samo zmizí. Pokud je nádrž plná, ale varování trvá, nebo cítíte palivo, obraťte se na svého instalátora nebo servis generátoru. Instalátor: zkontrolujte čidlo hladiny a jeho zapojení a těsnost palivové soustavy.',
  },
  generator_overload: {
    name: 'Přetížení generátoru',
    details:
      'Generátor byl zatížen nad svůj jmenovitý výkon (obvykle nad 110 % déle, než je povolená doba), a proto jej EMS odpojil; jakmile zátěž klesne, znovu jej připojí.',
    cause:
      'Příliš mnoho spotřebičů v ostrovním provozu; nabíjení baterie z generátoru současně s napájením spotřebičů při příliš vysoko nastaveném nabíjecím výkonu; vysoké záběrové proudy velkých motorů.',
    advice:
      'Snižte zátěž; generátor se znovu připojí automaticky. Pokud se to opakuje, obraťte se na svého instalátora. Instalátor: zkontrolujte jmenovitý výkon generátoru nastavený v EMS, omezte nabíjecí výkon baterie z generátoru a rozložte v čase spouštění velkých spotřebičů.',
  },
  sts_switch_failure: {
    name: 'Porucha statického přepínače',
    details:
      'Statický přepínač (STS) se podle povelu nepřepnul mezi sítí a záložním napájením nebo hlášení jeho polohy odporuje naměřeným napětím. EMS přepínač zablokuje, aby záložní napájení nemohlo být spojeno se sítí.',
    cause:
      'Vadný tyristor nebo stykač; porucha budicí desky; chyba v zapojení hlášení polohy; poškození po přetížení.',
    advice:
      'Přepínač ani jeho obtok (bypass) sami neovládejte a okamžitě se obraťte na svého instalátora; záložní napájení nemusí při výpadku proudu fungovat. Instalátor: zkontrolujte tyristory nebo stykače, jejich budiče a zpětná hlášení, změřte napětí na obou stranách, po dobu opravy přepněte systém na servisní bypass podle návodu a nikdy nespojujte síť a ostrovní napájení paralelně.',
  },
  sts_on_bypass: {
    name: 'Statický přepínač v bypassu',
    details:
      'Statický přepínač (STS) je v režimu obtoku (bypass): spotřebiče jsou napájeny přímo ze sítě a záložní napájení při výpadku proudu není k dispozici.',
    cause:
      'Ruční přepínač obtoku přepnutý kvůli údržbě; automatický přechod na bypass po vnitřní poruše nebo přetížení přepínače; nedokončená údržba.',
    advice:
      'Pokud právě probíhá údržba, není třeba nic dělat. Jinak se zeptejte svého instalátora, zda je bypass záměrný; varování samo zmizí, jakmile se přepínač vrátí do normálního provozu. Instalátor: zkontrolujte polohu přepínače obtoku a záznam událostí STS a po dokončení údržby vraťte systém do normálního provozu podle návodu.',
  },
};

export default texts;
