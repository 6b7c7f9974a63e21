import type { FaultTexts } from './index.ts';

/** Polskie teksty katalogu usterek urządzeń. */
const texts: FaultTexts = {
  grid_over_voltage: {
    name: 'Za wysokie napięcie sieci',
    details:
      'Urządzenie zmierzyło napięcie sieci powyżej granicy dopuszczonej przez kodeks sieci i odłączyło się od sieci. Typowe progi: średnia 10-minutowa powyżej 110 % napięcia znamionowego (253 V w sieci 230 V) lub wartość chwilowa powyżej 115 %.',
    cause:
      'Wysokie napięcie w lokalnej sieci, często w południe, gdy wiele instalacji PV na tej samej linii oddaje energię; zbyt długi lub za cienki przewód AC do punktu przyłączenia; transformator SN/nn ustawiony na wysoki zaczep.',
    advice:
      'Jeśli zdarza się to sporadycznie, nie trzeba nic robić: urządzenie samo połączy się ponownie, gdy napięcie przez czas zwłoki (zwykle co najmniej 60 s) pozostanie w dopuszczalnym zakresie. Jeśli powtarza się w słoneczne dni, skontaktuj się z instalatorem. Instalator: zmierz napięcie w punkcie przyłączenia i na zaciskach AC przy pełnym oddawaniu mocy; wzrost napięcia na przewodzie AC powyżej 1–2 % wymaga większego przekroju; jeśli napięcie jest wysokie już w punkcie przyłączenia, zgłoś to operatorowi sieci (OSD). Nie ustawiaj progów powyżej wartości dopuszczonych przez kodeks sieci.',
  },
  grid_under_voltage: {
    name: 'Za niskie napięcie sieci',
    details:
      'Urządzenie zmierzyło napięcie sieci poniżej dolnej granicy kodeksu sieci i odłączyło się od sieci. Typowy próg: poniżej 80–85 % napięcia znamionowego (ok. 184–196 V w sieci 230 V) dłużej niż czas zadziałania.',
    cause:
      'Słaba lub mocno obciążona sieć lokalna; zapad napięcia podczas awarii w sieci publicznej; luźne połączenie lub przepalony bezpiecznik na jednej fazie; długi przewód AC z dużym spadkiem napięcia.',
    advice:
      'Urządzenie samo połączy się ponownie, gdy napięcie wróci do dopuszczalnego zakresu. Jeśli sytuacja się powtarza albo część domu nie ma zasilania, sprawdź wyłączniki i bezpieczniki w rozdzielnicy i skontaktuj się z instalatorem. Instalator: zmierz pod obciążeniem napięcie fazowe każdej fazy na zaciskach AC i w punkcie przyłączenia; sprawdź dokręcenie zacisków i bezpieczniki na wszystkich fazach.',
  },
  grid_over_frequency: {
    name: 'Za wysoka częstotliwość sieci',
    details:
      'Urządzenie zmierzyło częstotliwość sieci powyżej granicy kodeksu sieci i odłączyło się od sieci. Typowy próg: powyżej 51,5 Hz w sieci 50 Hz; już od 50,2 Hz urządzenie ogranicza moc wyjściową.',
    cause:
      'Zakłócenie w sieci publicznej, np. po odłączeniu dużego odbiorcy; przy zasilaniu z agregatu lub w pracy wyspowej niestabilne obroty agregatu; błędnie wybrany kraj lub kodeks sieci.',
    advice:
      'Zwykle jest to krótkie zakłócenie w sieci publicznej, a urządzenie samo połączy się ponownie. Jeśli się powtarza, skontaktuj się z instalatorem. Instalator: sprawdź, czy ustawienie kraju i kodeksu sieci odpowiada miejscu instalacji; przy pracy z agregatem sprawdź jego regulator obrotów i częstotliwość przy zmianach obciążenia.',
  },
  grid_under_frequency: {
    name: 'Za niska częstotliwość sieci',
    details:
      'Urządzenie zmierzyło częstotliwość sieci poniżej granicy kodeksu sieci i odłączyło się od sieci. Typowy próg: poniżej 47,5 Hz w sieci 50 Hz.',
    cause:
      'Zakłócenie w sieci publicznej, np. po wyłączeniu dużej elektrowni; przy zasilaniu z agregatu lub w pracy wyspowej przeciążony agregat lub niestabilny regulator obrotów; błędnie wybrany kraj lub kodeks sieci.',
    advice:
      'Zwykle jest to krótkie zakłócenie w sieci publicznej, a urządzenie samo połączy się ponownie. Jeśli się powtarza, skontaktuj się z instalatorem. Instalator: sprawdź ustawienie kraju i kodeksu sieci; przy pracy z agregatem sprawdź, czy nie jest przeciążony i czy jego częstotliwość pozostaje stabilna przy załączaniu odbiorników.',
  },
  grid_lost: {
    name: 'Brak sieci',
    details:
      'Urządzenie nie wykrywa napięcia sieci na jednej lub kilku fazach przyłącza i odłączyło się od sieci. System z zasilaniem awaryjnym przełącza odbiorniki rezerwowane na zasilanie z magazynu energii.',
    cause:
      'Przerwa w dostawie energii z sieci publicznej; zadziałanie wyłącznika nadprądowego lub różnicowoprądowego między urządzeniem a licznikiem; przepalony bezpiecznik główny; luźny lub odłączony przewód AC.',
    advice:
      'Sprawdź, czy sąsiedzi mają prąd i czy w rozdzielnicy nie zadziałał wyłącznik nadprądowy lub różnicowoprądowy. Alarm ustąpi sam po powrocie sieci. Jeśli w domu jest napięcie z sieci, a alarm trwa, skontaktuj się z instalatorem. Instalator: zmierz napięcie każdej fazy na zaciskach sieciowych urządzenia, sprawdź wyłącznik po stronie sieci, złącze AC i podłączenie przewodu neutralnego.',
  },
  dc_injection_high: {
    name: 'Za duża składowa stała prądu',
    details:
      'Urządzenie zmierzyło w prądzie wyjściowym AC składową stałą powyżej dopuszczalnej wartości i odłączyło się od sieci. Typowy próg: 0,5 % prądu znamionowego lub 1 A, zależnie od kodeksu sieci.',
    cause:
      'Najczęściej usterka pomiaru prądu lub stopnia wyjściowego urządzenia; sporadycznie silnie odkształcone lub niesymetryczne napięcie sieci.',
    advice:
      'Urządzenie samo próbuje ponownie połączyć się z siecią. Jeśli alarm występuje kilka razy dziennie, skontaktuj się z instalatorem. Instalator: uruchom urządzenie ponownie po wyłączeniu AC i DC na co najmniej 5 minut; jeśli alarm wraca, zgłoś go do serwisu producenta, podając numer seryjny i godziny alarmów, ponieważ urządzenie może wymagać naprawy.',
  },
  phase_sequence_error: {
    name: 'Błędna kolejność faz',
    details:
      'Licznik wykrył, że fazy nie są podłączone w kolejności L1–L2–L3 albo że napięcie fazy jest podłączone do niewłaściwego zacisku. Pomiary poszczególnych faz mogą być przypisane do złych faz.',
    cause:
      'Zamienione przewody fazowe na zaciskach napięciowych licznika przy montażu albo przekładniki prądowe założone na inne fazy niż napięcia, do których należą.',
    advice:
      'System działa dalej, ale zmierzona moc sieci, ograniczenie oddawania energii i sterowanie autokonsumpcją mogą być błędne. Skontaktuj się z instalatorem. Instalator: sprawdź podłączenie napięć wskaźnikiem kolejności faz, upewnij się, że każdy przekładnik prądowy jest na fazie, której napięcie trafia do tego samego wejścia licznika, a następnie uruchom ponownie licznik, aby skasować alarm.',
  },
  current_transformer_reversed: {
    name: 'Odwrotnie założony przekładnik',
    details:
      'Licznik zmierzył na jednej lub kilku fazach przepływ mocy w kierunku niezgodnym z instalacją, np. pobór z sieci, gdy instalacja PV oddaje energię. Przekładnik prądowy jest prawdopodobnie założony odwrotnie.',
    cause:
      'Przekładnik prądowy założony przeciwnie do oznaczonego na nim kierunku, zamienione przewody wtórne (S1/S2 lub k/l) albo przekładnik na niewłaściwej fazie.',
    advice:
      'System działa dalej, ale wartości poboru i oddawania energii, sterowanie autokonsumpcją i ograniczenie oddawania mogą być błędne. Skontaktuj się z instalatorem. Instalator: sprawdź, czy strzałka (P1→P2 lub K→L) na każdym przekładniku wskazuje kierunek podany w instrukcji (zwykle od sieci do domu), zamień S1/S2 tam, gdzie kierunek jest odwrotny, sprawdź znak mocy na każdej fazie przy znanym obciążeniu i wyłączonym PV, a potem uruchom ponownie licznik.',
  },
  ac_output_overload: {
    name: 'Przeciążenie wyjścia AC',
    details:
      'Odbiorniki podłączone do wyjścia awaryjnego lub wyspowego pobrały więcej mocy, niż urządzenie może dostarczyć, i wyjście zostało wyłączone. Typowy próg: powyżej 110 % mocy znamionowej przez kilka sekund lub krótki udar powyżej mocy szczytowej.',
    cause:
      'Zbyt wiele odbiorników włączonych jednocześnie; duży prąd rozruchowy silnika, pompy, sprężarki lub pompy ciepła; zwarcie w podłączonym obwodzie.',
    advice:
      'Wyłącz duże odbiorniki; wyjście samo włączy się ponownie po krótkiej przerwie. Nie uruchamiaj kilku dużych odbiorników naraz. Jeśli przeciążenie występuje przy małym obciążeniu, skontaktuj się z instalatorem. Instalator: zmierz prąd obciążenia na wyjściu, sprawdź obwody rezerwowane pod kątem zwarcia lub doziemienia i porównaj prąd rozruchowy odbiorników silnikowych z przeciążalnością urządzenia.',
  },
  pv_insulation_low: {
    name: 'Niska rezystancja izolacji PV',
    details:
      'Przed połączeniem z siecią urządzenie mierzy rezystancję izolacji między generatorem PV a ziemią i stwierdziło wartość poniżej minimum; nie połączy się, dopóki rezystancja jest zbyt niska. Typowy próg (IEC 62109-2): maksymalne napięcie PV podzielone przez 30 mA, np. 33 kΩ dla generatora 1000 V.',
    cause:
      'Wilgoć na modułach lub w złączach rano albo po deszczu; uszkodzona izolacja przewodów (gryzonie, ostre krawędzie, starzenie UV); woda w puszce przyłączeniowej lub złączu; uszkodzony moduł.',
    advice:
      'Jeśli alarm pojawia się tylko rano lub po deszczu i znika samoczynnie, gdy moduły wyschną, nie trzeba nic robić. Jeśli trwa dłużej niż dobę albo wraca codziennie, skontaktuj się z instalatorem. Nie dotykaj przewodów ani złączy PV. Instalator: odłącz łańcuchy i zmierz miernikiem izolacji rezystancję każdego łańcucha (PV+ i PV− względem ziemi) przy napięciu generatora; sprawdź złącza, puszki przyłączeniowe i trasy kablowe pod kątem uszkodzeń lub wody.',
  },
  residual_current_high: {
    name: 'Za duży prąd upływu',
    details:
      'Układ monitorowania prądu różnicowego (RCMU) zmierzył prąd upływu do ziemi powyżej dopuszczalnej wartości i urządzenie odłączyło się od sieci. Typowe progi (IEC 62109-2): 300 mA w sposób ciągły lub nagły wzrost o 30 mA.',
    cause:
      'Mokre moduły lub przewody zwiększające prąd upływu; uszkodzona izolacja po stronie DC lub AC; duży generator PV o dużej pojemności względem ziemi (dach metalowy, moduły cienkowarstwowe); uszkodzony moduł.',
    advice:
      'Sporadyczne wyłączenie przy wilgotnej pogodzie ustępuje samo. Jeśli powtarza się często, skontaktuj się z instalatorem. Instalator: zmierz rezystancję izolacji każdego łańcucha i przewodu AC, sprawdź przewód ochronny urządzenia i ram modułów oraz porównaj wielkość generatora z dopuszczalnym prądem upływu podanym w instrukcji urządzenia.',
  },
  pv_over_voltage: {
    name: 'Za wysokie napięcie wejścia PV',
    details:
      'Napięcie na wejściu PV przekroczyło maksymalne napięcie wejściowe DC urządzenia (np. 1000 V, patrz karta katalogowa). Urządzenie zatrzymało się i pozostaje zablokowane do czasu sprawdzenia, ponieważ stopień wejściowy mógł ulec uszkodzeniu.',
    cause:
      'Zbyt wiele modułów połączonych szeregowo, zwłaszcza w mrozie (napięcie jałowe modułu rośnie o ok. 0,3 % na każdy °C poniżej 25 °C); błędny układ łańcucha po wymianie modułów; omyłkowe szeregowe połączenie dwóch łańcuchów.',
    advice:
      'Natychmiast skontaktuj się z instalatorem. Nie dotykaj przewodów ani złączy PV i nie przełączaj rozłącznika DC pod obciążeniem. Instalator: przy otwartym rozłączniku DC zmierz napięcie jałowe każdego łańcucha; przelicz długość łańcucha z Voc modułu przy najniższej spodziewanej temperaturze w miejscu instalacji; popraw układ przed ponownym uruchomieniem, a jeśli napięcie znacznie przekroczyło limit, zleć sprawdzenie urządzenia.',
  },
  pv_string_reversed: {
    name: 'Odwrotna polaryzacja łańcucha PV',
    details:
      'Urządzenie zmierzyło ujemne napięcie na wejściu PV: łańcuch jest podłączony z zamienionym plusem i minusem. Urządzenie nie uruchomi się, dopóki polaryzacja nie zostanie poprawiona.',
    cause:
      'Zamienione PV+ i PV− przy montażu lub serwisie; złącze zaciśnięte na niewłaściwym przewodzie; błędnie oznaczone przewody.',
    advice:
      'Skontaktuj się z instalatorem i nie rozłączaj samodzielnie złączy PV. Instalator: otwórz rozłącznik DC (przy łańcuchach połączonych równolegle pracuj przy słabym nasłonecznieniu), zmierz polaryzację każdego łańcucha na złączach przed ich podłączeniem, popraw połączenie i uruchom urządzenie ponownie.',
  },
  pv_string_low_output: {
    name: 'Niska wydajność łańcucha PV',
    details:
      'Jeden łańcuch PV daje wyraźnie mniejszy prąd niż porównywalne łańcuchy przy tym samym nasłonecznieniu, zwykle przez dłuższy czas mniej niż 70–80 % ich średniej.',
    cause:
      'Zacienienie przez drzewa, kominy lub śnieg; silne zabrudzenie lub ptasie odchody; uszkodzony moduł lub dioda bocznikująca; luźne lub skorodowane złącze; przepalony bezpiecznik łańcucha. Łańcuchy o innej orientacji lub długości również różnią się uzyskiem.',
    advice:
      'Obejrzyj moduły z ziemi pod kątem cienia, śniegu, liści lub zabrudzeń; nie wchodź na dach. Ostrzeżenie ustąpi samo, gdy wydajność łańcucha wróci do normy. Jeśli moduły są czyste i niezacienione, a ostrzeżenie trwa przez kilka słonecznych dni, skontaktuj się z instalatorem. Instalator: porównaj napięcia i prądy łańcuchów, zmierz Voc i Isc słabszego łańcucha, sprawdź bezpieczniki i złącza oraz poszukaj gorących punktów kamerą termowizyjną.',
  },
  dc_arc_fault: {
    name: 'Łuk elektryczny po stronie DC',
    details:
      'Układ wykrywania łuku (AFCI) rozpoznał sygnaturę łuku elektrycznego po stronie DC i wyłączył urządzenie. Pozostaje ono wyłączone do ręcznego skasowania po sprawdzeniu instalacji (UL 1699B, IEC 63027).',
    cause:
      'Luźne, uszkodzone lub źle zaciśnięte złącze DC; połączone ze sobą złącza różnych producentów; uszkodzona izolacja przewodu; korozja lub woda w puszce przyłączeniowej. Rzadko fałszywe zadziałanie wywołują silne zakłócenia.',
    advice:
      'Łuk elektryczny grozi pożarem: nie kasuj alarmu samodzielnie i niezwłocznie skontaktuj się z instalatorem. Jeśli czujesz swąd, widzisz dym lub ślady nadpalenia, wyłącz wyłącznik AC oraz, jeśli jest bezpiecznie dostępny, rozłącznik DC i wezwij straż pożarną. Instalator: obejrzyj wszystkie złącza, puszki i przewody danych łańcuchów pod kątem śladów nadpalenia, sprawdź, czy połączone złącza są tego samego typu i prawidłowo zaciśnięte, zmierz rezystancję izolacji i skasuj AFCI dopiero po usunięciu przyczyny.',
  },
  over_temperature: {
    name: 'Przegrzanie',
    details:
      'Temperatura wewnętrzna (radiatora lub modułu mocy) przekroczyła dopuszczalną wartość i urządzenie zatrzymało się, aby chronić elektronikę. Wcześniej zwykle ogranicza moc (derating); uruchamia się ponownie po ostygnięciu.',
    cause:
      'Bezpośrednie nasłonecznienie urządzenia; wysoka temperatura otoczenia; za mało wolnej przestrzeni wokół urządzenia; zatkane wloty powietrza lub zakurzony radiator; niedziałający wentylator.',
    advice:
      'Sprawdź, czy urządzenie nie stoi w pełnym słońcu i czy wloty powietrza oraz przestrzeń wokół niego są wolne od kurzu, liści i składowanych przedmiotów. Urządzenie uruchomi się samo po ostygnięciu. Jeśli zdarza się to przy umiarkowanej pogodzie, skontaktuj się z instalatorem. Instalator: sprawdź odstępy wymagane w instrukcji, wyczyść radiator i filtry, sprawdź wentylatory i rozważ osłonę przed słońcem lub chłodniejsze miejsce montażu.',
  },
  fan_fault: {
    name: 'Usterka wentylatora',
    details:
      'Wentylator chłodzący nie pracuje lub obraca się wolniej niż powinien. Urządzenie działa dalej, ale przy wysokiej temperaturze może ograniczać moc.',
    cause:
      'Wentylator zablokowany brudem, owadami lub ciałem obcym; zużyte łożyska; luźne złącze wentylatora; uszkodzony wentylator.',
    advice:
      'Sprawdź z zewnątrz, czy otwory wentylatora są drożne, nie otwierając urządzenia. Skontaktuj się z instalatorem w celu wyczyszczenia lub wymiany wentylatora; do tego czasu w upalne dni moc może być ograniczona. Instalator: wyłącz AC i DC, odczekaj czas rozładowania podany na tabliczce, sprawdź, czy wentylator nie jest zablokowany, oraz jego złącze, w razie potrzeby wymień go; alarm zniknie po ponownym uruchomieniu.',
  },
  temperature_sensor_fault: {
    name: 'Usterka czujnika temperatury',
    details:
      'Czujnik temperatury podaje nieprawdopodobną wartość (przerwa, zwarcie lub wartość poza zakresem). Urządzenie działa dalej, ale zapobiegawczo może ograniczać moc lub prąd ładowania, ponieważ nie może już kontrolować tej temperatury.',
    cause:
      'Luźny lub uszkodzony przewód albo złącze czujnika; uszkodzony czujnik (NTC); usterka płytki pomiarowej.',
    advice:
      'Urządzenie pracuje dalej z ograniczoną mocą. Skontaktuj się z instalatorem, aby je sprawdził. Instalator: odczytaj w menu serwisowym, którego czujnika dotyczy usterka, sprawdź jego przewód i złącze, zmierz rezystancję NTC i porównaj ją z tabelą w instrukcji serwisowej, w razie potrzeby wymień czujnik lub płytkę; alarm skasujesz ponownym uruchomieniem urządzenia.',
  },
  battery_over_voltage: {
    name: 'Za wysokie napięcie baterii',
    details:
      'System zarządzania baterią (BMS) zmierzył napięcie baterii lub ogniwa powyżej górnej granicy i wstrzymał ładowanie; rozładowanie jest nadal możliwe. Typowy próg dla ogniw litowo-żelazowo-fosforanowych (LFP): ok. 3,65 V na ogniwo.',
    cause:
      'Za wysokie napięcie ładowania ustawione w falowniku lub wybrany niewłaściwy typ baterii; utrata komunikacji z BMS, przez co ładowanie nie było ograniczane; niezrównoważone ogniwa, z których jedno naładuje się wcześniej niż pozostałe.',
    advice:
      'Alarm ustąpi sam, gdy napięcie spadnie, np. gdy dom zacznie pobierać energię z baterii. Jeśli się powtarza, skontaktuj się z instalatorem. Instalator: sprawdź, czy typ baterii i napięcie ładowania ustawione w falowniku są zgodne z kartą katalogową baterii, sprawdź komunikację z BMS i odczytaj napięcia ogniw, aby ustalić, czy któreś ogniwo lub moduł ma zawyżone napięcie.',
  },
  battery_under_voltage: {
    name: 'Za niskie napięcie baterii',
    details:
      'System zarządzania baterią (BMS) zmierzył napięcie baterii lub ogniwa poniżej dolnej granicy i wstrzymał rozładowanie, aby chronić ogniwa przed głębokim rozładowaniem; ładowanie jest nadal możliwe. Typowy próg dla ogniw LFP: 2,5–2,8 V na ogniwo.',
    cause:
      'Bateria była długo rozładowywana bez ładowania (zima z małym nasłonecznieniem, długa przerwa w zasilaniu, duże zużycie w pracy wyspowej); zbyt nisko ustawiony minimalny stan naładowania; pobór w trybie czuwania podczas długiego postoju.',
    advice:
      'Bateria zostanie ponownie naładowana z instalacji PV lub z sieci, a alarm wtedy ustąpi sam. Jeśli przez kilka dni nie ma możliwości ładowania albo bateria nie wraca do normy, niezwłocznie skontaktuj się z instalatorem: głęboko rozładowana bateria może zostać trwale uszkodzona. Instalator: sprawdź ustawienia minimalnego stanu naładowania i napięcia odcięcia, w miarę możliwości wymuś ładowanie z sieci i odczytaj napięcia ogniw; poniżej granicy regeneracji podanej przez producenta skontaktuj się z producentem baterii.',
  },
  cell_voltage_imbalance: {
    name: 'Nierównowaga napięć ogniw',
    details:
      'Różnica między najwyższym a najniższym napięciem ogniwa przekracza granicę ustawioną w systemie zarządzania baterią (zwykle więcej niż 0,1–0,3 V). Dostępna pojemność może być mniejsza, dopóki balansowanie nie wyrówna ogniw.',
    cause:
      'Ogniwa lub moduły o różnym wieku lub pojemności; bateria rzadko ładowana do pełna (balansowanie działa przy pełnym naładowaniu); moduł dołożony później; uszkodzone ogniwo lub obwód balansujący.',
    advice:
      'Pozwól baterii naładować się do pełna w kilka słonecznych dni; ogniwa są wyrównywane przy pełnym naładowaniu i ostrzeżenie ustąpi samo. Jeśli trwa dłużej niż tydzień, skontaktuj się z instalatorem. Instalator: odczytaj napięcia ogniw w poszczególnych modułach, przeprowadź pełne ładowanie z balansowaniem (lub ustaw okresowe pełne ładowanie) i sprawdź, czy któryś moduł stale odbiega od pozostałych; jeśli tak, wymień go.',
  },
  battery_over_temperature: {
    name: 'Przegrzanie baterii',
    details:
      'System zarządzania baterią (BMS) zmierzył temperaturę ogniwa powyżej granicy dla ładowania lub rozładowania i wyłączył baterię do czasu jej ostygnięcia. Typowe progi dla baterii litowych: ok. 55 °C przy ładowaniu i 60 °C przy rozładowaniu.',
    cause:
      'Wysoka temperatura w pomieszczeniu z baterią; bezpośrednie nasłonecznienie lub pobliskie źródło ciepła; słaba wentylacja; długotrwale wysoki prąd ładowania lub rozładowania; uszkodzone ogniwo.',
    advice:
      'Sprawdź, czy bateria nie jest wystawiona na słońce lub ciepło i czy powietrze może swobodnie wokół niej krążyć. Alarm ustąpi sam po ostygnięciu. Jeśli się powtarza, jeśli bateria jest gorąca w chłodnym otoczeniu albo jeśli puchnie lub wydziela zapach, wyłącz ją, o ile możesz to zrobić bezpiecznie, i natychmiast skontaktuj się z instalatorem. Instalator: sprawdź temperaturę pomieszczenia i odstępy, porównaj temperatury modułów i poszukaj pojedynczego gorącego modułu, który wskazuje na usterkę ogniwa.',
  },
  battery_under_temperature: {
    name: 'Bateria za zimna do ładowania',
    details:
      'Temperatura ogniw jest niższa od minimalnej dla ładowania (zwykle 0 °C dla baterii litowych), dlatego system zarządzania baterią blokuje lub ogranicza ładowanie, aby chronić ogniwa. Rozładowanie odbywa się dalej w dopuszczalnych granicach.',
    cause: 'Bateria zainstalowana zimą w nieogrzewanym garażu, budynku gospodarczym lub na zewnątrz.',
    advice:
      'Ładowanie wznowi się samo, gdy ogniwa się ogrzeją. Jeśli zimą zdarza się to często, zapytaj instalatora o przeniesienie baterii do pomieszczenia, w którym nie występuje mróz, lub o baterię z funkcją grzania. Instalator: sprawdź temperaturę pomieszczenia oraz to, czy bateria ma funkcję grzania i czy jest ona włączona.',
  },
  battery_over_current: {
    name: 'Za duży prąd baterii',
    details:
      'Prąd ładowania lub rozładowania przekroczył maksimum dopuszczone przez system zarządzania baterią i został przerwany, aby chronić ogniwa.',
    cause:
      'Limit prądu ustawiony w falowniku wyższy, niż dopuszcza bateria; utrata komunikacji z BMS, przez co falownik nie respektował limitów BMS; udary obciążenia na wyjściu awaryjnym lub wyspowym; za mało modułów baterii w stosunku do mocy falownika.',
    advice:
      'Alarm ustąpi sam po krótkiej przerwie. Jeśli się powtarza, skontaktuj się z instalatorem. Instalator: porównaj limity prądu ustawione w falowniku z kartą katalogową baterii i liczbą modułów, sprawdź komunikację z BMS, porównaj prądy mierzone przez BMS i przez falownik oraz sprawdź przewody DC pod kątem zwarcia.',
  },
  battery_contactor_fault: {
    name: 'Usterka stycznika baterii',
    details:
      'Główny stycznik lub przekaźnik baterii nie otworzył się albo nie zamknął zgodnie z poleceniem lub jego styki są zespawane. Bateria jest zablokowana i pozostaje wyłączona do czasu sprawdzenia przez serwisanta.',
    cause:
      'Styki zespawane po przełączaniu przy dużym prądzie; uszkodzona cewka lub sterownik stycznika; usterka obwodu wstępnego ładowania (precharge); luźne przewody sterujące.',
    advice:
      'Nie próbuj ponownie uruchamiać baterii ani otwierać jej obudowy: na zaciskach może nadal występować napięcie. Skontaktuj się z instalatorem. Instalator: nie traktuj stycznika jako środka odłączenia, użyj zewnętrznego wyłącznika lub rozłącznika DC; zmierz napięcie na wyjściu baterii przy styczniku wysterowanym do otwarcia; sprawdź rezystor i bezpiecznik obwodu precharge oraz napięcie cewki; wymień stycznik lub moduł BMS zgodnie z instrukcją serwisową producenta.',
  },
  meter_communication_lost: {
    name: 'Brak komunikacji z licznikiem',
    details:
      'Urządzenie nie otrzymuje danych z licznika energii. Bez licznika nie działają ograniczenie oddawania energii, sterowanie autokonsumpcją ani wartości poboru i oddawania; zależnie od ustawień falownik zapobiegawczo ogranicza oddawanie energii do sieci.',
    cause:
      'Odłączony lub uszkodzony przewód RS485; zamienione przewody A i B; błędny adres Modbus lub prędkość transmisji; licznik bez zasilania (wyłączony jego wyłącznik); brak rezystora terminującego na długiej linii.',
    advice:
      'Sprawdź, czy licznik w rozdzielnicy ma zasilanie (świeci się jego wyświetlacz). Alarm ustąpi sam po przywróceniu komunikacji; jeśli trwa, skontaktuj się z instalatorem. Instalator: sprawdź okablowanie RS485 (A/B), terminację i ekran, adres Modbus i prędkość transmisji licznika oraz uruchom licznik ponownie.',
  },
  bms_communication_lost: {
    name: 'Brak komunikacji z BMS',
    details:
      'Falownik lub przekształtnik (PCS) nie otrzymuje danych z systemu zarządzania baterią (BMS). Bez limitów z BMS bateria nie może bezpiecznie pracować, dlatego ładowanie i rozładowanie zostały wstrzymane.',
    cause:
      'Luźny, uszkodzony lub błędnie zarobiony przewód CAN lub RS485; bateria wyłączona lub uśpiona po głębokim rozładowaniu; wybrany niewłaściwy producent lub protokół baterii; brak rezystora terminującego.',
    advice:
      'Sprawdź, czy bateria jest włączona (przycisk zasilania lub wyłącznik, kontrolki). Alarm ustąpi sam po przywróceniu komunikacji; jeśli trwa, skontaktuj się z instalatorem. Instalator: sprawdź przewód komunikacyjny i układ pinów (CAN-H/CAN-L), terminację, protokół baterii wybrany w falowniku i zgodność oprogramowania BMS, a uśpioną baterię wybudź.',
  },
  part_communication_lost: {
    name: 'Brak komunikacji z modułem',
    details:
      'Sterownik EMS 5000 nie otrzymuje danych z jednego ze swoich modułów (przekształtnika PV, przełącznika statycznego lub sterownika agregatu; alarm wskazuje moduł) i nie może nim sterować.',
    cause:
      'Luźny lub uszkodzony przewód komunikacyjny (RS485, CAN lub Ethernet); moduł wyłączony lub bez zasilania pomocniczego; błędny adres lub ustawienia komunikacji po wymianie lub aktualizacji oprogramowania.',
    advice:
      'Sprawdź, czy szafa wskazanego modułu ma zasilanie i czy jej wyłączniki są załączone. Alarm ustąpi sam po przywróceniu komunikacji; jeśli trwa, skontaktuj się z instalatorem. Instalator: sprawdź zasilanie pomocnicze modułu, przewód komunikacyjny i jego złącza, adres i prędkość transmisji oraz uruchom ponownie sterownik modułu.',
  },
  rs485_bus_error: {
    name: 'Błąd magistrali RS485',
    details:
      'Rejestrator danych otrzymuje na magistrali RS485 błędy (przekroczenia czasu, błędy sumy kontrolnej) lub nie dostaje odpowiedzi od jednego lub kilku urządzeń. Ich pomiary docierają do portalu niekompletne lub z opóźnieniem.',
    cause:
      'Zamienione przewody A i B; słaby styk; brak rezystorów terminujących (120 Ω) na końcach magistrali; za długi przewód lub przewód nieskręcany; dwa urządzenia o tym samym adresie; różne prędkości transmisji; zakłócenia od przewodów zasilających.',
    advice:
      'Ostrzeżenie ustąpi samo, gdy komunikacja znów będzie niezawodna. Jeśli trwa dłużej niż dobę lub brakuje pomiarów, skontaktuj się z instalatorem. Instalator: sprawdź polaryzację przewodów, terminację 120 Ω na obu końcach magistrali, niepowtarzalność adresów i wspólną prędkość transmisji; użyj ekranowanej skrętki, uziemij ekran z jednej strony i prowadź przewód z dala od przewodów zasilających.',
  },
  uplink_signal_weak: {
    name: 'Słaby sygnał łączności',
    details:
      'Połączenie rejestratora danych z routerem lub siecią komórkową jest słabe (dla Wi-Fi zwykle poniżej −70 dBm). Dane mogą docierać z opóźnieniem lub z przerwami; rejestrator zapisuje pomiary i wysyła je później.',
    cause:
      'Router jest daleko lub oddzielony ścianami betonowymi albo metalowymi; rejestrator jest w metalowej szafie; router przestawiono lub wymieniono; zakłócenia radiowe; słaby zasięg sieci komórkowej.',
    advice:
      'Sprawdź, czy router jest włączony; jeśli to możliwe, przestaw go bliżej albo dodaj wzmacniacz Wi-Fi w pobliżu rejestratora. Ostrzeżenie ustąpi samo, gdy sygnał się poprawi. Jeśli trwa, skontaktuj się z instalatorem. Instalator: zmierz siłę sygnału w miejscu rejestratora i w razie potrzeby zastosuj antenę zewnętrzną, przewód sieciowy lub wzmacniacz.',
  },
  ev_ground_fault: {
    name: 'Doziemienie (zadziałał RCD)',
    details:
      'Zabezpieczenie różnicowoprądowe stacji ładowania wykryło prąd upływu do ziemi (AC powyżej 30 mA lub stały DC powyżej 6 mA, IEC 62955) i przerwało ładowanie. Stacja pozostaje wyłączona do skasowania po sprawdzeniu.',
    cause:
      'Uszkodzenie izolacji przewodu ładowania, wtyku lub układu ładowania pojazdu; woda we wtyku lub gnieździe pojazdu; uszkodzony przewód zasilający; usterka instalacji elektrycznej.',
    advice:
      'Odłącz pojazd i sprawdź przewód oraz wtyk pod kątem widocznych uszkodzeń lub wilgoci; nie dotykaj uszkodzonego przewodu i nie kasuj stacji wielokrotnie. Skontaktuj się z instalatorem; jeśli zabezpieczenie działa tylko przy jednym pojeździe, zleć również sprawdzenie pojazdu. Instalator: zmierz rezystancję izolacji przewodu zasilającego i przewodu ładowania, sprawdź RCD i detekcję prądu stałego miernikiem instalacji, sprawdź przewód ochronny i wykonaj próbę z innym pojazdem lub symulatorem pojazdu.',
  },
  ev_pilot_signal_error: {
    name: 'Błąd sygnału CP pojazdu',
    details:
      'Sygnał sterujący (CP) między stacją ładowania a pojazdem jest poza wartościami normy IEC 61851-1 (nieprawidłowy stan, brak diody lub zwarcie). Ładowanie jest wstrzymane do powrotu prawidłowego sygnału.',
    cause:
      'Zabrudzone lub uszkodzone styki we wtyku lub gnieździe pojazdu; uszkodzony przewód ładowania; niedosunięty wtyk; usterka ładowarki pokładowej pojazdu.',
    advice:
      'Ładowanie wznowi się samo, gdy sygnał znów będzie prawidłowy. Jeśli tak się nie stanie, wyjmij wtyk, sprawdź, czy nie jest zabrudzony lub uszkodzony, i ponownie włóż go do końca. Jeśli problem powtarza się z kilkoma pojazdami, skontaktuj się z instalatorem; jeśli tylko z jednym, skontaktuj się z serwisem pojazdu. Instalator: zmierz adapterem testowym poziomy napięcia CP (+12/9/6 V) i wypełnienie PWM oraz sprawdź przewód CP, diodę i przewód ładowania.',
  },
  ev_over_current: {
    name: 'Za duży prąd ładowania',
    details:
      'Pojazd pobierał większy prąd, niż stacja ładowania dopuściła sygnałem CP, więc stacja przerwała ładowanie; wznowi je po przerwie.',
    cause:
      'Ładowarka pokładowa pojazdu nie stosuje się do sygnału CP; limit prądu obniżono w trakcie ładowania (zarządzanie obciążeniem); błędny pomiar prądu.',
    advice:
      'Ładowanie wznowi się samo. Jeśli problem się powtarza, zanotuj model pojazdu i skontaktuj się z instalatorem. Instalator: porównaj ustawiony prąd maksymalny i ustawienia zarządzania obciążeniem z prądem zmierzonym miernikiem cęgowym, zaktualizuj oprogramowanie i wykonaj próbę z innym pojazdem.',
  },
  connector_lock_fault: {
    name: 'Usterka blokady wtyku',
    details:
      'Blokada przytrzymująca wtyk w gnieździe nie zablokowała się lub nie odblokowała zgodnie z poleceniem. Stacja ładowania nie rozpoczyna ładowania albo nie może zwolnić wtyku.',
    cause:
      'Niedosunięty wtyk; zabrudzenie lub lód w gnieździe; uszkodzony siłownik blokady; uszkodzony wtyk.',
    advice:
      'Jeśli wtyk jest zwolniony, wyjmij go, sprawdź, czy w gnieździe nie ma zabrudzeń lub lodu, i włóż wtyk do końca; przy mrozie odczekaj, aż lód stopnieje. Nie wyciągaj wtyku na siłę. Jeśli wtyk jest zablokowany lub usterka trwa po ponownym uruchomieniu, skontaktuj się z instalatorem. Instalator: sprawdź siłownik, jego okablowanie i styk sygnalizacji położenia, wykonaj próbę z innym przewodem i w razie potrzeby wymień siłownik; ponowne uruchomienie kasuje alarm.',
  },
  ev_relay_welded: {
    name: 'Zespawany przekaźnik ładowania',
    details:
      'Stacja ładowania zmierzyła napięcie na wyjściu, mimo że jej przekaźnik lub stycznik miał być otwarty: styk jest zespawany. Stacja jest zablokowana, ponieważ przewód ładowania mógłby pozostać pod napięciem.',
    cause: 'Wielokrotne przełączanie pod obciążeniem; przetężenie lub zwarcie; stycznik u kresu żywotności.',
    advice:
      'Nie używaj stacji ładowania, nie dotykaj uszkodzonego wtyku i wyłącz jej wyłącznik w rozdzielnicy. Skontaktuj się z instalatorem. Instalator: odłącz zasilanie i sprawdź brak napięcia, wymień stycznik lub płytkę mocy, ustal przyczynę (zwarcie, przeciążenie) i po naprawie sprawdź RCD oraz wyjście stacji.',
  },
  generator_start_failure: {
    name: 'Agregat nie uruchomił się',
    details:
      'EMS wysłał do agregatu polecenie rozruchu, ale agregat nie uruchomił się lub w ramach dopuszczalnych prób rozruchu (zwykle trzech) nie osiągnął stabilnego napięcia i częstotliwości.',
    cause:
      'Pusty zbiornik paliwa; rozładowany akumulator rozruchowy; agregat w trybie ręcznym lub wyłączony albo wciśnięty wyłącznik awaryjny; usterka przewodu sygnału rozruchu; problem z zasilaniem paliwem lub zatkany filtr powietrza; bardzo niska temperatura.',
    advice:
      'Sprawdź poziom paliwa, czy przełącznik trybu agregatu jest w pozycji AUTO i czy nie jest wciśnięty wyłącznik awaryjny. Skontaktuj się z instalatorem lub serwisem agregatu; po usunięciu przyczyny alarm kasuje się na agregacie i w EMS. Instalator: sprawdź okablowanie sygnału rozruchu, napięcie akumulatora rozruchowego i dziennik usterek sterownika agregatu oraz spróbuj uruchomić agregat ręcznie.',
  },
  generator_low_fuel: {
    name: 'Niski poziom paliwa agregatu',
    details:
      'Poziom paliwa w agregacie spadł poniżej poziomu ostrzegawczego ustawionego w jego sterowniku (często 20–25 %).',
    cause: 'Paliwo zużyte podczas długiej pracy; uszkodzony czujnik poziomu; wyciek.',
    advice:
      'Wkrótce uzupełnij paliwo; ostrzeżenie zniknie samo po zatankowaniu. Jeśli zbiornik jest pełny, a ostrzeżenie trwa, albo czuć zapach paliwa, skontaktuj się z instalatorem lub serwisem agregatu. Instalator: sprawdź czujnik poziomu i jego okablowanie oraz szczelność układu paliwowego.',
  },
  generator_overload: {
    name: 'Przeciążenie agregatu',
    details:
      'Agregat był obciążony powyżej mocy znamionowej (zwykle ponad 110 % dłużej niż dopuszczalny czas), dlatego EMS go odłączył; połączy go ponownie, gdy obciążenie spadnie.',
    cause:
      'Zbyt wiele odbiorników w pracy wyspowej; ładowanie baterii z agregatu jednocześnie z zasilaniem odbiorników przy zbyt wysoko ustawionej mocy ładowania; duże prądy rozruchowe silników.',
    advice:
      'Zmniejsz obciążenie; agregat zostanie ponownie podłączony automatycznie. Jeśli problem się powtarza, skontaktuj się z instalatorem. Instalator: sprawdź moc znamionową agregatu ustawioną w EMS, ogranicz moc ładowania baterii z agregatu i rozłóż w czasie rozruch dużych odbiorników.',
  },
  sts_switch_failure: {
    name: 'Awaria przełącznika STS',
    details:
      'Przełącznik statyczny (STS) nie przełączył się między siecią a zasilaniem awaryjnym zgodnie z poleceniem lub sygnalizacja jego położenia jest sprzeczna ze zmierzonymi napięciami. EMS blokuje przełącznik, aby zasilanie awaryjne nie zostało połączone z siecią.',
    cause:
      'Uszkodzony tyrystor lub stycznik; awaria płytki sterującej; usterka okablowania sygnalizacji położenia; uszkodzenie po przeciążeniu.',
    advice:
      'Nie przełączaj samodzielnie przełącznika ani jego obejścia (bypassu) i natychmiast skontaktuj się z instalatorem; zasilanie awaryjne może nie działać podczas przerwy w dostawie prądu. Instalator: sprawdź tyrystory lub styczniki, ich sterowniki i sygnały zwrotne, zmierz napięcia po obu stronach, na czas naprawy przełącz system na bypass serwisowy zgodnie z instrukcją i nigdy nie łącz równolegle sieci z zasilaniem wyspowym.',
  },
  sts_on_bypass: {
    name: 'Przełącznik STS na bypassie',
    details:
      'Przełącznik statyczny (STS) pracuje w trybie obejścia (bypass): odbiorniki są zasilane bezpośrednio z sieci, a zasilanie awaryjne podczas przerwy w dostawie prądu jest niedostępne.',
    cause:
      'Ręczny przełącznik obejścia ustawiony na czas prac serwisowych; automatyczne przejście na bypass po usterce wewnętrznej lub przeciążeniu przełącznika; niezakończone prace serwisowe.',
    advice:
      'Jeśli trwają prace serwisowe, nie trzeba nic robić. W przeciwnym razie zapytaj instalatora, czy bypass jest zamierzony; ostrzeżenie ustąpi samo, gdy przełącznik wróci do normalnej pracy. Instalator: sprawdź położenie przełącznika obejścia i dziennik zdarzeń STS, a po zakończeniu prac przywróć normalną pracę zgodnie z instrukcją.',
  },
};

export default texts;
