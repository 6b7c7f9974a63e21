import type { FaultTexts } from './index.ts';

/** Testi italiani del catalogo dei guasti dei dispositivi. */
const texts: FaultTexts = {
  grid_over_voltage: {
    name: 'Sovratensione di rete',
    details:
      'Il dispositivo ha misurato una tensione di rete oltre il limite del codice di rete e si è scollegato dalla rete. Limiti tipici: media su 10 minuti oltre il 110 % della tensione nominale (253 V su una rete a 230 V) oppure valore istantaneo oltre il 115 %.',
    cause:
      'Tensione elevata nella rete locale, spesso verso mezzogiorno, quando molti impianti fotovoltaici sulla stessa linea immettono energia; cavo AC verso il punto di connessione troppo lungo o sottodimensionato; trasformatore di distribuzione impostato su una presa alta.',
    advice:
      "Se capita solo di tanto in tanto non serve fare nulla: il dispositivo si ricollega da solo quando la tensione è rimasta nei limiti per il tempo di riconnessione (di solito almeno 60 s). Se si ripete nelle giornate di sole, contatta il tuo installatore. Installatore: misura la tensione al punto di connessione e ai morsetti AC alla massima immissione; un innalzamento oltre l'1–2 % lungo il cavo AC richiede una sezione maggiore; se la tensione è già alta al punto di connessione, chiedi una verifica al distributore. Non impostare limiti oltre quanto consentito dal codice di rete.",
  },
  grid_under_voltage: {
    name: 'Sottotensione di rete',
    details:
      "Il dispositivo ha misurato una tensione di rete sotto il limite inferiore del codice di rete e si è scollegato dalla rete. Limite tipico: sotto l'80–85 % della tensione nominale (circa 184–196 V su una rete a 230 V) per un tempo superiore al tempo di intervento.",
    cause:
      'Rete locale debole o molto carica; buco di tensione durante un guasto sulla rete pubblica; connessione allentata o fusibile bruciato su una fase; cavo AC lungo con forte caduta di tensione.',
    advice:
      'Il dispositivo si ricollega da solo quando la tensione torna nei limiti. Se si ripete, o se una parte della casa è senza corrente, controlla interruttori e fusibili nel quadro elettrico e contatta il tuo installatore. Installatore: misura sotto carico la tensione di fase di ciascuna fase ai morsetti AC e al punto di connessione; verifica il serraggio dei morsetti e i fusibili su tutte le fasi.',
  },
  grid_over_frequency: {
    name: 'Sovrafrequenza di rete',
    details:
      'Il dispositivo ha misurato una frequenza di rete oltre il limite del codice di rete e si è scollegato dalla rete. Limite tipico: oltre 51,5 Hz su una rete a 50 Hz; già da 50,2 Hz il dispositivo riduce la potenza erogata.',
    cause:
      'Un disturbo sulla rete pubblica, per esempio dopo il distacco di un grande utilizzatore; con alimentazione da gruppo elettrogeno o in isola, regime del gruppo instabile; paese o codice di rete impostato in modo errato.',
    advice:
      "Di solito è un breve disturbo sulla rete pubblica e il dispositivo si ricollega da solo. Se si ripete, contatta il tuo installatore. Installatore: verifica che l'impostazione del paese e del codice di rete corrisponda al sito; con un gruppo elettrogeno, controlla il regolatore di giri e la frequenza al variare del carico.",
  },
  grid_under_frequency: {
    name: 'Sottofrequenza di rete',
    details:
      'Il dispositivo ha misurato una frequenza di rete sotto il limite del codice di rete e si è scollegato dalla rete. Limite tipico: sotto 47,5 Hz su una rete a 50 Hz.',
    cause:
      'Un disturbo sulla rete pubblica, per esempio dopo il distacco di una grande centrale; con alimentazione da gruppo elettrogeno o in isola, gruppo sovraccarico o regolatore di giri instabile; paese o codice di rete impostato in modo errato.',
    advice:
      "Di solito è un breve disturbo sulla rete pubblica e il dispositivo si ricollega da solo. Se si ripete, contatta il tuo installatore. Installatore: controlla l'impostazione del paese e del codice di rete; con un gruppo elettrogeno, verifica che non sia sovraccarico e che la sua frequenza resti stabile all'inserimento dei carichi.",
  },
  grid_lost: {
    name: 'Assenza rete',
    details:
      'Il dispositivo non rileva più la tensione di rete su una o più fasi della connessione e si è scollegato dalla rete. Un sistema con alimentazione di backup commuta i carichi privilegiati sulla batteria.',
    cause:
      "Un'interruzione della rete pubblica; un interruttore magnetotermico o differenziale scattato tra il dispositivo e il contatore; fusibile generale bruciato; cavo AC allentato o scollegato.",
    advice:
      "Verifica se i vicini hanno corrente e se nel quadro elettrico è scattato un interruttore o un differenziale. L'allarme si risolve da solo al ritorno della rete. Se in casa c'è tensione di rete ma l'allarme resta, contatta il tuo installatore. Installatore: misura la tensione di ciascuna fase ai morsetti di rete del dispositivo, controlla l'interruttore lato rete, il connettore AC e il collegamento del neutro.",
  },
  dc_injection_high: {
    name: 'Iniezione di corrente continua',
    details:
      'Il dispositivo ha misurato nella corrente di uscita AC una componente continua oltre il limite ammesso e si è scollegato dalla rete. Limite tipico: 0,5 % della corrente nominale oppure 1 A, secondo il codice di rete.',
    cause:
      'Nella maggior parte dei casi un guasto nella misura di corrente o nello stadio di uscita del dispositivo; più raramente una rete molto distorta o squilibrata.',
    advice:
      "Il dispositivo prova a ricollegarsi da solo. Se l'allarme si presenta più volte al giorno, contatta il tuo installatore. Installatore: riavvia il dispositivo dopo aver tolto AC e DC per almeno 5 minuti; se l'allarme si ripresenta, segnalalo all'assistenza del produttore con il numero di serie e gli orari degli allarmi, perché il dispositivo potrebbe richiedere una riparazione.",
  },
  phase_sequence_error: {
    name: 'Sequenza fasi errata',
    details:
      "Il contatore ha rilevato che le fasi non sono collegate nell'ordine L1–L2–L3, oppure che la tensione di una fase è collegata al morsetto sbagliato. Le misure per fase possono essere attribuite alle fasi sbagliate.",
    cause:
      "Conduttori di fase invertiti sui morsetti voltmetrici del contatore durante l'installazione, oppure trasformatori amperometrici montati su fasi diverse da quelle delle tensioni corrispondenti.",
    advice:
      "Il sistema continua a funzionare, ma la potenza di rete misurata, la limitazione dell'immissione e il controllo dell'autoconsumo possono essere errati. Contatta il tuo installatore. Installatore: verifica il cablaggio delle tensioni con un sequenziometro, assicurati che ogni trasformatore amperometrico sia sulla fase la cui tensione è collegata allo stesso ingresso del contatore, poi riavvia il contatore per cancellare l'allarme.",
  },
  current_transformer_reversed: {
    name: 'Trasformatore amperometrico invertito',
    details:
      "Il contatore ha misurato su una o più fasi un flusso di potenza in una direzione incompatibile con l'impianto, per esempio prelievo dalla rete mentre il fotovoltaico immette. Probabilmente un trasformatore amperometrico è montato al contrario.",
    cause:
      'Trasformatore amperometrico montato contro il verso indicato su di esso, conduttori secondari (S1/S2 o k/l) invertiti, oppure trasformatore posato sulla fase sbagliata.',
    advice:
      "Il sistema continua a funzionare, ma i valori di prelievo e immissione, il controllo dell'autoconsumo e la limitazione dell'immissione possono essere errati. Contatta il tuo installatore. Installatore: verifica che la freccia (P1→P2 o K→L) su ogni trasformatore amperometrico sia orientata come indicato nel manuale (di solito dalla rete verso la casa), inverti S1/S2 dove è al contrario, controlla il segno della potenza su ogni fase con un carico noto e il fotovoltaico spento, poi riavvia il contatore.",
  },
  ac_output_overload: {
    name: 'Sovraccarico uscita AC',
    details:
      "I carichi sull'uscita di backup o in isola hanno assorbito più potenza di quella che il dispositivo può fornire e l'uscita è stata disattivata. Limite tipico: oltre il 110 % della potenza nominale per alcuni secondi, oppure un breve picco oltre la potenza di spunto.",
    cause:
      'Troppi apparecchi accesi contemporaneamente; elevata corrente di spunto di un motore, una pompa, un compressore o una pompa di calore; cortocircuito in un circuito collegato.',
    advice:
      "Spegni gli apparecchi più potenti; l'uscita si riattiva da sola dopo una breve pausa. Non avviare più carichi pesanti insieme. Se succede con carichi piccoli, contatta il tuo installatore. Installatore: misura la corrente di carico sull'uscita, verifica i circuiti di backup per cortocircuiti o guasti verso terra e confronta la corrente di spunto dei carichi a motore con la capacità di sovraccarico del dispositivo.",
  },
  pv_insulation_low: {
    name: 'Bassa resistenza di isolamento FV',
    details:
      "Prima di collegarsi alla rete il dispositivo misura la resistenza di isolamento tra il campo fotovoltaico e terra e l'ha trovata sotto il minimo; non si collega finché la resistenza resta troppo bassa. Limite tipico (IEC 62109-2): tensione FV massima divisa per 30 mA, per esempio 33 kΩ per un campo da 1000 V.",
    cause:
      'Umidità sui moduli o nei connettori al mattino o dopo la pioggia; isolamento dei cavi danneggiato (roditori, spigoli vivi, invecchiamento da raggi UV); acqua in una cassetta di giunzione o in un connettore; modulo difettoso.',
    advice:
      "Se l'allarme compare solo al mattino o dopo la pioggia e scompare da solo quando i moduli si sono asciugati, non serve fare nulla. Se dura più di un giorno o si ripresenta ogni giorno, contatta il tuo installatore. Non toccare cavi e connettori FV. Installatore: scollega le stringhe e misura con un megaohmmetro la resistenza di isolamento di ogni stringa (PV+ e PV− verso terra) alla tensione del campo; ispeziona connettori, cassette di giunzione e percorsi dei cavi alla ricerca di danni o acqua.",
  },
  residual_current_high: {
    name: 'Corrente di dispersione elevata',
    details:
      "L'unità di monitoraggio della corrente differenziale (RCMU) ha misurato una corrente di dispersione verso terra oltre il limite e il dispositivo si è scollegato dalla rete. Limiti tipici (IEC 62109-2): 300 mA continuativi oppure un aumento improvviso di 30 mA.",
    cause:
      'Moduli o cavi bagnati che aumentano la dispersione; isolamento danneggiato lato DC o AC; campo fotovoltaico esteso con elevata capacità verso terra (tetto metallico, moduli a film sottile); modulo difettoso.',
    advice:
      'Un intervento occasionale con tempo umido si risolve da solo. Se si ripete spesso, contatta il tuo installatore. Installatore: misura la resistenza di isolamento di ogni stringa e del cavo AC, controlla il conduttore di protezione del dispositivo e delle cornici dei moduli, e confronta le dimensioni del campo con i limiti di dispersione indicati nel manuale del dispositivo.',
  },
  pv_over_voltage: {
    name: 'Sovratensione ingresso FV',
    details:
      'La tensione su un ingresso FV ha superato la tensione DC massima di ingresso del dispositivo (per esempio 1000 V, vedi scheda tecnica). Il dispositivo si è fermato e resta bloccato fino a una verifica, perché lo stadio di ingresso potrebbe essere danneggiato.',
    cause:
      'Troppi moduli in serie, soprattutto con il freddo (la tensione a vuoto di un modulo aumenta di circa lo 0,3 % per ogni °C sotto i 25 °C); configurazione della stringa errata dopo la sostituzione di moduli; due stringhe collegate in serie per errore.',
    advice:
      'Contatta subito il tuo installatore. Non toccare cavi e connettori FV e non manovrare il sezionatore DC sotto carico. Installatore: con il sezionatore DC aperto, misura la tensione a vuoto di ogni stringa; ricalcola la lunghezza della stringa con la Voc del modulo alla temperatura minima prevista nel sito; correggi la configurazione prima del riavvio e, se la tensione ha superato di molto il limite, fai verificare il dispositivo.',
  },
  pv_string_reversed: {
    name: 'Polarità stringa FV invertita',
    details:
      'Il dispositivo ha misurato una tensione negativa su un ingresso FV: una stringa è collegata con positivo e negativo invertiti. Il dispositivo non si avvia finché la polarità non viene corretta.',
    cause:
      "PV+ e PV− invertiti durante l'installazione o la manutenzione; connettore crimpato sul cavo sbagliato; cavi etichettati in modo errato.",
    advice:
      'Contatta il tuo installatore e non scollegare da solo i connettori FV. Installatore: apri il sezionatore DC (con stringhe in parallelo, intervieni con irraggiamento basso), misura la polarità di ogni stringa ai connettori prima di collegarla, correggi il collegamento e riavvia il dispositivo.',
  },
  pv_string_low_output: {
    name: 'Bassa produzione stringa FV',
    details:
      'Una stringa FV produce una corrente nettamente inferiore a quella di stringhe comparabili con lo stesso irraggiamento, di solito meno del 70–80 % della loro media per un periodo prolungato.',
    cause:
      'Ombreggiamento da alberi, camini o neve; sporco abbondante o guano; modulo o diodo di bypass difettoso; connettore allentato o corroso; fusibile di stringa bruciato. Anche stringhe con orientamento o numero di moduli diversi producono in modo diverso.',
    advice:
      "Osserva i moduli da terra per individuare ombre, neve, foglie o sporco; non salire sul tetto. L'avviso si risolve da solo quando la produzione della stringa torna normale. Se i moduli sono puliti e non ombreggiati e l'avviso dura per diverse giornate di sole, contatta il tuo installatore. Installatore: confronta tensioni e correnti delle stringhe, misura Voc e Isc della stringa più debole, controlla fusibili e connettori e cerca punti caldi con una termocamera.",
  },
  dc_arc_fault: {
    name: 'Arco elettrico lato DC',
    details:
      'Il rilevatore di arco elettrico (AFCI) ha riconosciuto la firma di un arco sul lato DC e ha spento il dispositivo, che resta spento finché non viene ripristinato a mano dopo una verifica (UL 1699B, IEC 63027).',
    cause:
      'Connettore DC allentato, danneggiato o crimpato male; connettori di marche diverse accoppiati tra loro; isolamento del cavo danneggiato; corrosione o acqua in una cassetta di giunzione. Raramente forti disturbi provocano un falso intervento.',
    advice:
      "Un arco elettrico è un rischio di incendio: non ripristinare il dispositivo da solo e contatta subito il tuo installatore. Se noti fumo, odore di bruciato o segni di bruciatura, apri l'interruttore AC e, se raggiungibile in sicurezza, il sezionatore DC, e chiama i vigili del fuoco. Installatore: ispeziona tutti i connettori, le cassette e i cavi delle stringhe interessate alla ricerca di bruciature, verifica che i connettori accoppiati siano dello stesso tipo e crimpati correttamente, misura la resistenza di isolamento e ripristina l'AFCI solo dopo aver eliminato la causa.",
  },
  over_temperature: {
    name: 'Sovratemperatura',
    details:
      "La temperatura interna (dissipatore o modulo di potenza) ha superato il limite e il dispositivo si è fermato per proteggere l'elettronica. Prima di fermarsi di solito riduce la potenza (derating); riparte da solo quando si è raffreddato.",
    cause:
      "Sole diretto sul dispositivo; temperatura ambiente elevata; spazio libero insufficiente intorno al dispositivo; prese d'aria ostruite o dissipatore impolverato; ventola non funzionante.",
    advice:
      "Verifica che il dispositivo non sia al sole diretto e che prese d'aria e spazio circostante siano liberi da polvere, foglie e oggetti. Riparte da solo quando si è raffreddato. Se succede anche con temperature moderate, contatta il tuo installatore. Installatore: verifica le distanze richieste dal manuale, pulisci dissipatore e filtri, controlla le ventole e valuta una tettoia parasole o una posizione più fresca.",
  },
  fan_fault: {
    name: 'Guasto ventola di raffreddamento',
    details:
      'Una ventola di raffreddamento non gira o gira più lentamente del previsto. Il dispositivo continua a funzionare ma può ridurre la potenza quando si scalda.',
    cause:
      'Ventola bloccata da sporco, insetti o corpi estranei; cuscinetti usurati; connettore della ventola allentato; ventola difettosa.',
    advice:
      "Controlla dall'esterno che le aperture della ventola siano libere, senza aprire il dispositivo. Contatta il tuo installatore per far pulire o sostituire la ventola; fino ad allora, nelle giornate calde la potenza può essere ridotta. Installatore: togli AC e DC e attendi il tempo di scarica indicato sull'etichetta, verifica che la ventola non sia bloccata e controlla il connettore, sostituiscila se necessario; l'allarme si cancella al riavvio.",
  },
  temperature_sensor_fault: {
    name: 'Guasto sensore di temperatura',
    details:
      'Un sensore di temperatura fornisce un valore non plausibile (circuito aperto, cortocircuito o fuori scala). Il dispositivo continua a funzionare ma, per precauzione, può limitare la potenza o la corrente di carica perché non può più controllare quella temperatura.',
    cause:
      'Cavo o connettore del sensore allentato o danneggiato; sensore (NTC) difettoso; guasto della scheda di misura.',
    advice:
      "Il dispositivo continua a funzionare con potenza limitata. Contatta il tuo installatore per un controllo. Installatore: individua nel menu di servizio quale sensore è interessato, controlla cavo e connettore, misura la resistenza dell'NTC e confrontala con la tabella del manuale di servizio, sostituisci sensore o scheda se necessario; l'allarme si cancella riavviando il dispositivo.",
  },
  battery_over_voltage: {
    name: 'Sovratensione batteria',
    details:
      'Il sistema di gestione della batteria (BMS) ha misurato una tensione di batteria o di cella oltre il limite superiore e ha interrotto la carica; la scarica resta possibile. Limite tipico per celle al litio-ferro-fosfato (LFP): circa 3,65 V per cella.',
    cause:
      "Tensione di carica impostata troppo alta nell'inverter o tipo di batteria selezionato errato; comunicazione con il BMS persa, per cui la carica non è stata limitata; celle sbilanciate, con una cella che si carica prima delle altre.",
    advice:
      "L'allarme si risolve da solo quando la tensione scende, per esempio quando la casa preleva energia dalla batteria. Se si ripete, contatta il tuo installatore. Installatore: verifica che il tipo di batteria e la tensione di carica impostati nell'inverter corrispondano alla scheda tecnica della batteria, controlla la comunicazione con il BMS e leggi le tensioni di cella per capire se una cella o un modulo è più alto degli altri.",
  },
  battery_under_voltage: {
    name: 'Sottotensione batteria',
    details:
      'Il sistema di gestione della batteria (BMS) ha misurato una tensione di batteria o di cella sotto il limite inferiore e ha interrotto la scarica per proteggere le celle dalla scarica profonda; la carica resta possibile. Limite tipico per celle LFP: 2,5–2,8 V per cella.',
    cause:
      'Batteria scaricata a lungo senza ricarica (inverno con poco sole, lunga interruzione di rete, consumi elevati in isola); stato di carica minimo impostato troppo basso; autoconsumo in standby durante un lungo fermo.',
    advice:
      "La batteria viene ricaricata dal fotovoltaico o dalla rete e l'allarme poi si risolve da solo. Se per diversi giorni non può essere ricaricata o non si riprende, contatta subito il tuo installatore: una batteria scaricata a fondo può danneggiarsi in modo permanente. Installatore: controlla le impostazioni dello stato di carica minimo e della tensione di distacco, se possibile forza la carica dalla rete e leggi le tensioni di cella; sotto il limite di recupero indicato dal produttore, contatta il produttore della batteria.",
  },
  cell_voltage_imbalance: {
    name: 'Squilibrio tensione celle',
    details:
      'La differenza tra la tensione di cella più alta e quella più bassa supera il limite del sistema di gestione della batteria (di solito più di 0,1–0,3 V). La capacità utilizzabile può essere ridotta finché il bilanciamento non riallinea le celle.',
    cause:
      'Celle o moduli di età o capacità diverse; batteria raramente caricata al 100 % (il bilanciamento avviene vicino alla carica completa); modulo aggiunto in seguito; cella o circuito di bilanciamento difettoso.',
    advice:
      "Lascia che la batteria si carichi completamente in qualche giornata di sole: le celle vengono bilanciate vicino alla carica completa e l'avviso si risolve da solo. Se dura più di una settimana, contatta il tuo installatore. Installatore: leggi le tensioni di cella per modulo, esegui una carica completa con bilanciamento (o imposta una carica completa periodica) e verifica se un modulo si discosta sempre dagli altri; in tal caso sostituiscilo.",
  },
  battery_over_temperature: {
    name: 'Sovratemperatura batteria',
    details:
      'Il sistema di gestione della batteria (BMS) ha misurato una temperatura di cella oltre il limite per la carica o la scarica e ha fermato la batteria finché non si raffredda. Limiti tipici per batterie al litio: circa 55 °C in carica e 60 °C in scarica.',
    cause:
      'Temperatura elevata nel locale della batteria; sole diretto o una fonte di calore vicina; ventilazione scarsa; corrente di carica o scarica elevata e prolungata; cella difettosa.',
    advice:
      "Verifica che la batteria non sia esposta al sole o a fonti di calore e che l'aria possa circolare intorno. L'allarme si risolve da solo quando si è raffreddata. Se si ripete, se la batteria è calda in un ambiente fresco, oppure se si gonfia o emette odori, spegnila se puoi farlo in sicurezza e contatta immediatamente il tuo installatore. Installatore: controlla la temperatura del locale e le distanze, confronta le temperature dei moduli e cerca un singolo modulo caldo, indice di una cella guasta.",
  },
  battery_under_temperature: {
    name: 'Batteria troppo fredda per la carica',
    details:
      'La temperatura delle celle è sotto il minimo per la carica (di solito 0 °C per le batterie al litio), quindi il sistema di gestione della batteria blocca o limita la carica per proteggere le celle. La scarica continua entro i suoi limiti.',
    cause: "Batteria installata in un garage o in un locale non riscaldato, oppure all'aperto, in inverno.",
    advice:
      'La carica riprende da sola quando le celle si sono riscaldate. Se in inverno succede spesso, chiedi al tuo installatore di spostare la batteria in un locale al riparo dal gelo o di usare una batteria con funzione di riscaldamento. Installatore: controlla la temperatura del locale e se la batteria dispone di una funzione di riscaldamento attivata.',
  },
  battery_over_current: {
    name: 'Sovracorrente batteria',
    details:
      'La corrente di carica o di scarica ha superato il massimo consentito dal sistema di gestione della batteria ed è stata interrotta per proteggere le celle.',
    cause:
      "Limite di corrente impostato nell'inverter più alto di quanto la batteria consenta; comunicazione con il BMS persa, per cui l'inverter non ha rispettato i limiti del BMS; picchi di carico sull'uscita di backup o in isola; troppo pochi moduli batteria rispetto alla potenza dell'inverter.",
    advice:
      "L'allarme si risolve da solo dopo una breve pausa. Se si ripete, contatta il tuo installatore. Installatore: confronta i limiti di corrente impostati nell'inverter con la scheda tecnica della batteria e il numero di moduli, controlla la comunicazione con il BMS, confronta le correnti misurate dal BMS e dall'inverter e verifica che i cavi DC non siano in cortocircuito.",
  },
  battery_contactor_fault: {
    name: 'Guasto contattore batteria',
    details:
      "Il contattore o relè principale della batteria non si è aperto o chiuso come comandato, oppure ha i contatti incollati. La batteria è bloccata e resta fuori servizio finché un tecnico non l'ha verificata.",
    cause:
      'Contatti incollati dopo una manovra con corrente elevata; bobina o pilota del contattore difettoso; guasto del circuito di precarica; cavi di comando allentati.',
    advice:
      "Non tentare di riavviare la batteria né di aprirne l'involucro: i morsetti potrebbero essere ancora in tensione. Contatta il tuo installatore. Installatore: non contare sul contattore per il sezionamento, usa l'interruttore o il sezionatore DC esterno; misura la tensione all'uscita della batteria con il contattore comandato in apertura; controlla resistenza e fusibile di precarica e la tensione della bobina; sostituisci il contattore o l'unità BMS secondo le istruzioni di servizio del produttore.",
  },
  meter_communication_lost: {
    name: 'Comunicazione contatore persa',
    details:
      "Il dispositivo non riceve dati dal contatore di energia. Senza contatore non funzionano la limitazione dell'immissione, il controllo dell'autoconsumo e i valori di prelievo e immissione; a seconda dell'impostazione, l'inverter limita per precauzione l'immissione in rete.",
    cause:
      'Cavo RS485 scollegato o danneggiato; conduttori A e B invertiti; indirizzo Modbus o velocità di trasmissione errati; contatore non alimentato (interruttore aperto); resistenza di terminazione mancante su una linea lunga.',
    advice:
      "Verifica che il contatore nel quadro elettrico sia alimentato (display acceso). L'allarme si risolve da solo quando la comunicazione riprende; se persiste, contatta il tuo installatore. Installatore: controlla il cablaggio RS485 (A/B), la terminazione e la schermatura, l'indirizzo Modbus e la velocità di trasmissione del contatore, e riavvia il contatore.",
  },
  bms_communication_lost: {
    name: 'Comunicazione BMS persa',
    details:
      "L'inverter o il sistema di conversione (PCS) non riceve dati dal sistema di gestione della batteria (BMS). Senza i limiti del BMS la batteria non può funzionare in sicurezza, quindi carica e scarica sono sospese.",
    cause:
      'Cavo CAN o RS485 allentato, danneggiato o cablato in modo errato; batteria spenta o in stand-by profondo dopo una scarica completa; marca o protocollo della batteria selezionati in modo errato; resistenza di terminazione mancante.',
    advice:
      "Verifica che la batteria sia accesa (pulsante di accensione o interruttore, spie). L'allarme si risolve da solo quando la comunicazione riprende; se persiste, contatta il tuo installatore. Installatore: controlla il cavo di comunicazione e la piedinatura (CAN-H/CAN-L), la terminazione, il protocollo della batteria selezionato nell'inverter e la compatibilità del firmware del BMS, e riattiva la batteria se è in stand-by.",
  },
  part_communication_lost: {
    name: 'Comunicazione con unità persa',
    details:
      "Il controllore dell'EMS 5000 non riceve dati da una delle sue unità (convertitore FV, commutatore statico o centralina del gruppo elettrogeno; l'allarme indica quale) e non può più comandarla.",
    cause:
      'Cavo di comunicazione (RS485, CAN o Ethernet) allentato o danneggiato; unità spenta o senza alimentazione ausiliaria; indirizzo o parametri di comunicazione errati dopo una sostituzione o un aggiornamento del firmware.',
    advice:
      "Verifica che l'armadio dell'unità indicata sia alimentato e che i suoi interruttori siano chiusi. L'allarme si risolve da solo quando la comunicazione riprende; se persiste, contatta il tuo installatore. Installatore: controlla l'alimentazione ausiliaria dell'unità, il cavo di comunicazione e i suoi connettori, l'indirizzo e la velocità di trasmissione, e riavvia il controllore dell'unità.",
  },
  rs485_bus_error: {
    name: 'Errore bus RS485',
    details:
      'Il datalogger riceve sul bus RS485 errori (timeout, errori di checksum) o nessuna risposta da uno o più dispositivi collegati. Le loro misure arrivano al portale incomplete o in ritardo.',
    cause:
      'Conduttori A e B invertiti; contatto difettoso; resistenze di terminazione (120 Ω) mancanti alle estremità del bus; cavo troppo lungo o non a coppie intrecciate; due dispositivi con lo stesso indirizzo; velocità di trasmissione diverse; disturbi dai cavi di potenza.',
    advice:
      "L'avviso si risolve da solo quando la comunicazione torna affidabile. Se dura più di un giorno o mancano delle misure, contatta il tuo installatore. Installatore: controlla la polarità dei collegamenti, la terminazione da 120 Ω a entrambe le estremità del bus, che gli indirizzi siano univoci e la velocità di trasmissione comune; usa un cavo schermato a coppie intrecciate, collega lo schermo a terra da un solo lato e posa il cavo lontano dai cavi di potenza.",
  },
  uplink_signal_weak: {
    name: 'Segnale di connessione debole',
    details:
      'La connessione del datalogger al router o alla rete mobile è debole (per il Wi-Fi, di solito sotto −70 dBm). I dati possono arrivare in ritardo o con lacune; il datalogger memorizza le misure e le invia in seguito.',
    cause:
      'Router lontano o separato da pareti in cemento o metallo; datalogger dentro un armadio metallico; router spostato o sostituito; interferenze radio; scarsa copertura della rete mobile.',
    advice:
      "Verifica che il router sia acceso; se possibile avvicinalo o aggiungi un ripetitore Wi-Fi vicino al datalogger. L'avviso si risolve da solo quando il segnale torna buono. Se persiste, contatta il tuo installatore. Installatore: misura l'intensità del segnale nella posizione del datalogger e, se serve, usa un'antenna esterna, un cavo di rete o un ripetitore.",
  },
  ev_ground_fault: {
    name: 'Guasto verso terra (RCD scattato)',
    details:
      'La protezione differenziale della wallbox ha rilevato una corrente di guasto verso terra (AC oltre 30 mA o DC continua oltre 6 mA, IEC 62955) e ha interrotto la ricarica. Resta disattivata finché non viene ripristinata dopo una verifica.',
    cause:
      "Guasto di isolamento nel cavo di ricarica, nel connettore o nel sistema di ricarica del veicolo; acqua nel connettore o nella presa del veicolo; cavo di alimentazione danneggiato; guasto nell'impianto elettrico.",
    advice:
      "Scollega il veicolo e controlla che cavo e spina non presentino danni visibili o umidità; non toccare un cavo danneggiato e non ripristinare la wallbox più volte di seguito. Contatta il tuo installatore; se l'intervento avviene con un solo veicolo, fai controllare anche il veicolo. Installatore: misura la resistenza di isolamento del cavo di alimentazione e del cavo di ricarica, prova il differenziale e il rilevamento della corrente continua con uno strumento di verifica impianti, controlla il conduttore di protezione e prova con un altro veicolo o con un simulatore di veicolo.",
  },
  ev_pilot_signal_error: {
    name: 'Errore segnale pilota veicolo',
    details:
      'Il segnale pilota (CP) tra wallbox e veicolo è fuori dai valori della norma IEC 61851-1 (stato non valido, diodo mancante o cortocircuito). La ricarica è sospesa finché non torna un segnale valido.',
    cause:
      'Contatti sporchi o danneggiati nel connettore o nella presa del veicolo; cavo di ricarica danneggiato; connettore non inserito a fondo; guasto del caricatore di bordo del veicolo.',
    advice:
      "La ricarica riprende da sola quando il segnale torna valido. In caso contrario, estrai il connettore, controlla che non sia sporco o danneggiato e reinseriscilo a fondo. Se succede con più veicoli, contatta il tuo installatore; se solo con un veicolo, rivolgiti all'assistenza del veicolo. Installatore: misura con un adattatore di prova i livelli di tensione del CP (+12/9/6 V) e il duty cycle del PWM, e controlla il conduttore CP, il diodo e il cavo.",
  },
  ev_over_current: {
    name: 'Sovracorrente di ricarica',
    details:
      'Il veicolo ha assorbito più corrente di quella consentita dalla wallbox tramite il segnale pilota, quindi la wallbox ha interrotto la ricarica; riprende dopo una pausa.',
    cause:
      'Il caricatore di bordo del veicolo non segue il segnale pilota; limite di corrente ridotto durante la ricarica (gestione dei carichi); misura di corrente errata.',
    advice:
      'La ricarica riprende da sola. Se si ripete, annota il modello del veicolo e contatta il tuo installatore. Installatore: confronta la corrente massima impostata e le impostazioni di gestione dei carichi con la corrente misurata con una pinza amperometrica, aggiorna il firmware e prova con un altro veicolo.',
  },
  connector_lock_fault: {
    name: 'Guasto blocco connettore',
    details:
      'Il blocco che trattiene la spina nella presa non si è bloccato o sbloccato come comandato. La wallbox non avvia la ricarica oppure non riesce a rilasciare la spina.',
    cause:
      'Spina non inserita a fondo; sporco o ghiaccio nella presa; attuatore del blocco difettoso; spina danneggiata.',
    advice:
      "Se la spina è rilasciata, estraila, controlla che nella presa non ci siano sporco o ghiaccio e reinseriscila a fondo; con il gelo, attendi che il ghiaccio si sciolga. Non estrarre la spina con la forza. Se è bloccata o il guasto rimane dopo un riavvio, contatta il tuo installatore. Installatore: controlla l'attuatore, il suo cablaggio e il contatto di posizione, prova con un altro cavo e sostituisci l'attuatore se necessario; il riavvio cancella l'allarme.",
  },
  ev_relay_welded: {
    name: 'Relè di ricarica incollato',
    details:
      'La wallbox ha misurato tensione sulla sua uscita anche se il relè o contattore era comandato aperto: un contatto è incollato. La wallbox è bloccata perché il cavo di ricarica potrebbe restare in tensione.',
    cause: 'Manovre ripetute sotto carico; sovracorrente o cortocircuito; contattore a fine vita.',
    advice:
      "Non usare la wallbox, non toccare un connettore danneggiato e apri il suo interruttore nel quadro elettrico. Contatta il tuo installatore. Installatore: sezionala e verifica l'assenza di tensione, sostituisci il contattore o la scheda di potenza, individua la causa (cortocircuito, sovraccarico) e dopo la riparazione prova il differenziale e l'uscita.",
  },
  generator_start_failure: {
    name: 'Mancato avvio del gruppo elettrogeno',
    details:
      "L'EMS ha inviato il comando di avvio al gruppo elettrogeno, ma il gruppo non si è avviato o non ha raggiunto tensione e frequenza stabili entro i tentativi di avviamento previsti (di solito tre).",
    cause:
      "Serbatoio vuoto; batteria di avviamento scarica; gruppo in modalità manuale o spento, oppure pulsante di emergenza premuto; guasto nel cavo del segnale di avvio; problema di alimentazione del carburante o filtro dell'aria intasato; temperature molto basse.",
    advice:
      "Controlla il livello del carburante, che il selettore del gruppo sia su AUTO e che nessun pulsante di emergenza sia premuto. Contatta il tuo installatore o l'assistenza del gruppo elettrogeno; eliminata la causa, l'allarme si ripristina sul gruppo e sull'EMS. Installatore: controlla il cablaggio del segnale di avvio, la tensione della batteria di avviamento e il registro guasti della centralina del gruppo, e prova un avvio manuale.",
  },
  generator_low_fuel: {
    name: 'Carburante basso nel gruppo',
    details:
      'Il livello del carburante del gruppo elettrogeno è sceso sotto la soglia di avviso impostata nella sua centralina (spesso 20–25 %).',
    cause:
      'Carburante consumato durante un funzionamento prolungato; sensore di livello guasto; una perdita.',
    advice:
      "Fai rifornimento a breve; l'avviso si risolve da solo dopo il rifornimento. Se il serbatoio è pieno ma l'avviso resta, oppure senti odore di carburante, contatta il tuo installatore o l'assistenza del gruppo. Installatore: controlla il sensore di livello e il suo cablaggio, e la tenuta dell'impianto del carburante.",
  },
  generator_overload: {
    name: 'Sovraccarico gruppo elettrogeno',
    details:
      "Il gruppo elettrogeno è stato caricato oltre la sua potenza nominale (di solito oltre il 110 % per più del tempo ammesso), quindi l'EMS lo ha scollegato; lo ricollega quando il carico è diminuito.",
    cause:
      'Troppi carichi durante il funzionamento in isola; carica della batteria dal gruppo in aggiunta ai carichi, con potenza di carica impostata troppo alta; elevate correnti di spunto di grandi motori.',
    advice:
      "Riduci i carichi; il gruppo viene ricollegato automaticamente. Se si ripete, contatta il tuo installatore. Installatore: controlla la potenza nominale del gruppo impostata nell'EMS, limita la potenza di carica della batteria dal gruppo e scagliona l'avvio dei carichi più grandi.",
  },
  sts_switch_failure: {
    name: 'Guasto commutatore statico',
    details:
      "Il commutatore statico (STS) non è passato tra rete e alimentazione di backup come comandato, oppure la sua segnalazione di posizione contraddice le tensioni misurate. L'EMS blocca il commutatore per evitare che l'alimentazione di backup venga collegata alla rete.",
    cause:
      'Tiristore o contattore difettoso; scheda di pilotaggio guasta; guasto nel cablaggio della segnalazione di posizione; danni dopo un sovraccarico.',
    advice:
      "Non manovrare da solo il commutatore né il suo bypass e contatta subito il tuo installatore; durante un'interruzione di rete l'alimentazione di backup potrebbe non funzionare. Installatore: controlla tiristori o contattori, i relativi driver e le segnalazioni di ritorno, misura le tensioni su entrambi i lati, durante la riparazione porta il sistema in bypass di manutenzione come indicato nel manuale e non mettere mai in parallelo la rete e l'alimentazione in isola.",
  },
  sts_on_bypass: {
    name: 'Commutatore statico in bypass',
    details:
      "Il commutatore statico (STS) è in modalità bypass: i carichi sono alimentati direttamente dalla rete e l'alimentazione di backup durante un'interruzione di rete non è disponibile.",
    cause:
      'Selettore di bypass manuale inserito per manutenzione; passaggio automatico in bypass dopo un guasto interno o un sovraccarico del commutatore; manutenzione non ancora conclusa.',
    advice:
      "Se è in corso una manutenzione, non serve fare nulla. Altrimenti chiedi al tuo installatore se il bypass è voluto; l'avviso si risolve da solo quando il commutatore torna al funzionamento normale. Installatore: controlla la posizione del selettore di bypass e il registro eventi dell'STS e, a manutenzione conclusa, ripristina il funzionamento normale come indicato nel manuale.",
  },
};

export default texts;
