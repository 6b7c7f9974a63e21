import type { FaultTexts } from './index.ts';

/** English texts of the fault catalogue; the default language and the fallback of the others. */
const texts: FaultTexts = {
  grid_over_voltage: {
    name: 'Grid over-voltage',
    details:
      'The device measured a grid voltage above the limit of the grid code and disconnected from the grid. Typical limits: 10-minute average above 110 % of nominal (253 V on a 230 V grid), or an instantaneous value above 115 %.',
    cause:
      'High voltage on the local grid, often around midday when many PV systems on the same line export; a long or undersized AC cable to the connection point; a distribution transformer set to a high voltage tap.',
    advice:
      'No action is needed if it happens now and then: the device reconnects by itself once the voltage has been back in range for the reconnection delay (usually 60 s or more). If it recurs on sunny days, contact your installer. Installer: measure the voltage at the connection point and at the AC terminals at full export; more than 1–2 % rise across the AC cable calls for a larger cross-section; if the voltage is already high at the connection point, ask the grid operator to check it. Do not set the limits beyond what the grid code allows.',
  },
  grid_under_voltage: {
    name: 'Grid under-voltage',
    details:
      'The device measured a grid voltage below the lower limit of the grid code and disconnected from the grid. Typical limit: below 80–85 % of nominal (about 184–196 V on a 230 V grid) for longer than the trip time.',
    cause:
      'A weak or heavily loaded local grid; a voltage dip during a fault on the public grid; a loose connection or a blown fuse on one phase; a long AC cable with a high voltage drop.',
    advice:
      'The device reconnects by itself once the voltage is back in range. If it recurs, or if part of the house has no power, check the circuit breakers and fuses in the distribution board and contact your installer. Installer: measure the phase-to-neutral voltage of each phase at the AC terminals and at the connection point, under load; check the terminals for tightness and the fuses on every phase.',
  },
  grid_over_frequency: {
    name: 'Grid over-frequency',
    details:
      'The device measured a grid frequency above the limit of the grid code and disconnected from the grid. Typical limit: above 51.5 Hz on a 50 Hz grid; from 50.2 Hz the device already reduces its output power.',
    cause:
      'A disturbance on the public grid, for example after a large consumer has been disconnected; on a generator or island supply, an unstable generator speed; a wrong country or grid code setting.',
    advice:
      'This is usually a short disturbance on the public grid and the device reconnects by itself. If it recurs, contact your installer. Installer: check that the country and grid code setting matches the site; when the site runs on a generator, check its speed governor and its frequency under changing load.',
  },
  grid_under_frequency: {
    name: 'Grid under-frequency',
    details:
      'The device measured a grid frequency below the limit of the grid code and disconnected from the grid. Typical limit: below 47.5 Hz on a 50 Hz grid.',
    cause:
      'A disturbance on the public grid, for example after a large power plant has tripped; on a generator or island supply, an overloaded generator or an unstable speed governor; a wrong country or grid code setting.',
    advice:
      'This is usually a short disturbance on the public grid and the device reconnects by itself. If it recurs, contact your installer. Installer: check the country and grid code setting; when the site runs on a generator, check that the generator is not overloaded and that its frequency stays stable when loads switch on.',
  },
  grid_lost: {
    name: 'Grid lost',
    details:
      'The device no longer detects the grid voltage on one or more phases of its grid connection and disconnected from the grid. A system with backup supply switches its backup loads to the battery.',
    cause:
      'A power cut on the public grid; a tripped circuit breaker or residual-current device (RCD) between the device and the meter; a blown main fuse; a loose or disconnected AC cable.',
    advice:
      'Check whether your neighbours have power and whether a breaker or RCD in the distribution board has tripped. The alarm clears by itself when the grid is back. If the house has grid power but the alarm stays, contact your installer. Installer: measure the voltage of each phase at the grid terminals of the device, check the grid-side breaker, the AC connector and the neutral connection.',
  },
  dc_injection_high: {
    name: 'DC injection too high',
    details:
      'The device measured a DC component in its AC output current above the permitted limit and disconnected from the grid. Typical limit: 0.5 % of the rated current or 1 A, depending on the grid code.',
    cause:
      'In most cases a fault in the current measurement or the output stage of the device; occasionally a strongly distorted or unbalanced grid.',
    advice:
      "The device tries to reconnect by itself. If the alarm occurs several times a day, contact your installer. Installer: restart the device with AC and DC switched off for at least 5 minutes; if the alarm returns, report it to the manufacturer's service with the serial number and the times of the alarms, as the device may need repair.",
  },
  phase_sequence_error: {
    name: 'Phase sequence error',
    details:
      'The meter detected that the phases are not connected in the order L1–L2–L3, or that a phase voltage is connected to the wrong terminal. The per-phase readings may be assigned to the wrong phases.',
    cause:
      'Phase wires swapped at the voltage terminals of the meter during installation, or current transformers fitted to other phases than the voltages they belong to.',
    advice:
      'The system keeps running, but the measured grid power, export limitation and self-consumption control may be wrong. Contact your installer. Installer: check the voltage wiring with a phase rotation tester, make sure each current transformer sits on the phase whose voltage is wired to the same meter input, then restart the meter to clear the alarm.',
  },
  current_transformer_reversed: {
    name: 'Current transformer reversed',
    details:
      'The meter measured power flowing in a direction that does not fit the installation on one or more phases, for example import while the PV system is exporting. A current transformer is probably fitted the wrong way round.',
    cause:
      'A current transformer fitted against the direction marked on it, its secondary leads (S1/S2 or k/l) swapped, or the transformer placed on the wrong phase.',
    advice:
      'The system keeps running, but import and export figures, self-consumption control and export limitation may be wrong. Contact your installer. Installer: check that the arrow (P1→P2 or K→L) on each current transformer points as the manual specifies (usually from the grid towards the house), swap S1/S2 where it is reversed, verify the sign per phase with a known load and PV off, then restart the meter.',
  },
  ac_output_overload: {
    name: 'AC output overload',
    details:
      'The loads on the backup or off-grid output drew more power than the device can supply and the output was switched off. Typical limit: above 110 % of the rated output power for a few seconds, or a short surge above the peak power.',
    cause:
      'Too many appliances switched on at the same time; a high starting current of a motor, pump, compressor or heat pump; a short circuit in a connected circuit.',
    advice:
      'Switch off large appliances; the output restarts by itself after a short delay. Do not start several heavy appliances at once. If it happens with small loads, contact your installer. Installer: measure the load current on the output, check the backup circuits for a short circuit or an earth fault, and compare the starting current of motor loads with the surge rating of the device.',
  },
  pv_insulation_low: {
    name: 'PV insulation resistance low',
    details:
      'Before connecting to the grid, the device measures the insulation resistance between the PV array and earth and found it below the minimum; it does not connect while the resistance is too low. Typical limit (IEC 62109-2): maximum PV voltage divided by 30 mA, e.g. 33 kΩ for a 1000 V array.',
    cause:
      'Moisture on the modules or in the connectors in the morning or after rain; damaged cable insulation (rodents, sharp edges, UV ageing); water in a junction box or connector; a defective module.',
    advice:
      'If the alarm appears only in the morning or after rain and clears by itself once the modules have dried, no action is needed. If it lasts longer than a day or returns every day, contact your installer. Do not touch the PV cables or connectors. Installer: disconnect the strings and measure the insulation resistance of each string (PV+ and PV− to earth) with an insulation tester at the array voltage; inspect connectors, junction boxes and cable runs for damage or water.',
  },
  residual_current_high: {
    name: 'Residual current too high',
    details:
      'The residual current monitoring unit (RCMU) measured a leakage current to earth above the limit and the device disconnected from the grid. Typical limits (IEC 62109-2): 300 mA continuous, or a sudden rise of 30 mA.',
    cause:
      'Wet modules or cables that increase the leakage current; damaged insulation on the DC or AC side; a large PV array with a high capacitance to earth (metal roof, thin-film modules); a defective module.',
    advice:
      'An occasional trip in wet weather clears by itself. If it happens repeatedly, contact your installer. Installer: measure the insulation resistance of each string and of the AC cable, check the protective earth of the device and of the module frames, and compare the array size with the leakage current limits in the device manual.',
  },
  pv_over_voltage: {
    name: 'PV input over-voltage',
    details:
      'The voltage on a PV input exceeded the maximum DC input voltage of the device (for example 1000 V; see the datasheet). The device stopped and stays locked until it is checked, as the input stage may be damaged.',
    cause:
      'Too many modules in series, especially in cold weather (the open-circuit voltage of a module rises by about 0.3 % per °C below 25 °C); a wrong string layout after modules were replaced; two strings connected in series by mistake.',
    advice:
      'Contact your installer at once. Do not touch the PV cables or connectors and do not operate the DC isolator under load. Installer: with the DC isolator open, measure the open-circuit voltage of each string; recalculate the string length with the module Voc at the lowest expected site temperature; correct the layout before restarting, and have the device inspected if the voltage was well above its limit.',
  },
  pv_string_reversed: {
    name: 'PV string reversed',
    details:
      'The device measured a negative voltage on a PV input: a string is connected with plus and minus swapped. The device does not start until the polarity is corrected.',
    cause:
      'PV+ and PV− swapped during installation or maintenance; a connector fitted to the wrong cable; mislabelled cables.',
    advice:
      'Contact your installer and do not unplug the PV connectors yourself. Installer: open the DC isolator (if strings are connected in parallel, work at low irradiance), measure the polarity of each string at its connectors before plugging it in, correct the connection and restart the device.',
  },
  pv_string_low_output: {
    name: 'PV string output low',
    details:
      'One PV string produces clearly less current than comparable strings under the same irradiance, typically less than 70–80 % of their average over a longer period.',
    cause:
      'Shade from trees, chimneys or snow; heavy soiling or bird droppings; a defective module or bypass diode; a loose or corroded connector; a blown string fuse. Strings of different orientation or length also differ.',
    advice:
      'Look at the modules from the ground for shade, snow, leaves or dirt; do not climb onto the roof. The warning clears by itself once the string output is back to normal. If the modules are clean and unshaded and the warning lasts several sunny days, contact your installer. Installer: compare voltage and current of the strings, measure Voc and Isc of the weak string, check string fuses and connectors, and look for hot spots with a thermal camera.',
  },
  dc_arc_fault: {
    name: 'DC arc fault',
    details:
      'The arc-fault circuit interrupter (AFCI) detected the signature of an electric arc on the DC side and shut the device down. It stays off until it is reset by hand after a check (UL 1699B, IEC 63027).',
    cause:
      'A loose, damaged or badly crimped DC connector; connectors of different makes plugged together; damaged cable insulation; corrosion or water in a junction box. Rarely, strong interference causes a false trip.',
    advice:
      'An arc is a fire risk: do not reset the device yourself and contact your installer promptly. If you notice smoke, a burning smell or scorch marks, switch off the AC breaker and, if safely reachable, the DC isolator, and call the fire brigade. Installer: inspect all connectors, junction boxes and cables of the affected strings for burn marks, check that mated connectors are of the same type and properly crimped, measure the insulation resistance, and reset the AFCI only once the cause is fixed.',
  },
  over_temperature: {
    name: 'Over-temperature',
    details:
      'The internal temperature (heat sink or power module) exceeded its limit and the device stopped to protect its electronics. Before stopping, it usually reduces its power (derating); it restarts once it has cooled down.',
    cause:
      'Direct sunlight on the device; a high ambient temperature; too little free space around it; blocked air inlets or a dusty heat sink; a fan that no longer works.',
    advice:
      'Check that the device is not in direct sun and that its air inlets and the space around it are free of dust, leaves and stored objects. It restarts by itself once it has cooled. If this happens in moderate weather, contact your installer. Installer: check the clearances required in the manual, clean the heat sink and filters, check the fans, and consider a sunshade or a cooler location.',
  },
  fan_fault: {
    name: 'Cooling fan fault',
    details:
      'A cooling fan does not run or runs below its expected speed. The device keeps working but may reduce its power when it gets hot.',
    cause:
      'A fan blocked by dirt, insects or a foreign object; worn bearings; a loose fan connector; a defective fan.',
    advice:
      'Check from outside that the fan openings are free, without opening the device. Contact your installer to have the fan cleaned or replaced; until then expect reduced power on hot days. Installer: switch AC and DC off and wait the discharge time stated on the label, check the fan for blockage and its connector, replace it if needed; the alarm clears after a restart.',
  },
  temperature_sensor_fault: {
    name: 'Temperature sensor fault',
    details:
      'A temperature sensor reports an implausible value (open circuit, short circuit or out of range). The device keeps working but may limit its power or charging current as a precaution, as it can no longer monitor that temperature.',
    cause:
      'A loose or damaged sensor cable or connector; a defective sensor (NTC); a fault on the measuring board.',
    advice:
      'The device keeps working with limited power. Contact your installer to have it checked. Installer: read in the service menu which sensor is affected, check its cable and connector, measure the NTC resistance against the table in the service manual and replace the sensor or board if needed; restart the device to clear the alarm.',
  },
  battery_over_voltage: {
    name: 'Battery over-voltage',
    details:
      'The battery management system (BMS) measured a battery or cell voltage above its upper limit and stopped charging; discharging remains possible. Typical limit for lithium iron phosphate (LFP) cells: about 3.65 V per cell.',
    cause:
      'A charging voltage set too high in the inverter or a wrong battery type selected; lost BMS communication, so that charging was not limited; unbalanced cells, where one cell is full before the others.',
    advice:
      'The alarm clears by itself once the voltage has dropped, for example when the house draws power from the battery. If it recurs, contact your installer. Installer: check that the battery type and the charging voltage set in the inverter match the battery datasheet, check the BMS communication, and read the cell voltages to see whether one cell or module runs high.',
  },
  battery_under_voltage: {
    name: 'Battery under-voltage',
    details:
      'The battery management system (BMS) measured a battery or cell voltage below its lower limit and stopped discharging to protect the cells from deep discharge; charging remains possible. Typical limit for LFP cells: 2.5–2.8 V per cell.',
    cause:
      'The battery was discharged for a long time without charging (winter with little sun, a long power cut, high off-grid consumption); a minimum state of charge set too low; standby consumption during a long shutdown.',
    advice:
      "The battery is charged again by the PV system or the grid, and the alarm then clears by itself. If it cannot be charged for several days, or does not recover, contact your installer promptly: a deeply discharged battery can be permanently damaged. Installer: check the minimum state of charge and the cut-off settings, force-charge from the grid where possible and read the cell voltages; below the manufacturer's recovery limit, contact the battery manufacturer.",
  },
  cell_voltage_imbalance: {
    name: 'Cell voltage imbalance',
    details:
      'The difference between the highest and the lowest cell voltage exceeds the limit of the battery management system (typically more than 0.1–0.3 V). The usable capacity may be reduced until balancing evens out the cells.',
    cause:
      'Cells or modules of different age or capacity; a battery that is rarely fully charged (balancing works near full charge); a module added later; a faulty cell or balancing circuit.',
    advice:
      'Let the battery charge fully on a few sunny days; the cells are balanced near full charge and the warning clears by itself. If it lasts more than a week, contact your installer. Installer: read the cell voltages per module, run a full charge with balancing (or set a periodic full charge), and check whether one module keeps deviating; replace it if it does.',
  },
  battery_over_temperature: {
    name: 'Battery over-temperature',
    details:
      'The battery management system (BMS) measured a cell temperature above the limit for charging or discharging and stopped the battery until it cools down. Typical limits for lithium batteries: about 55 °C for charging and 60 °C for discharging.',
    cause:
      'A high ambient temperature in the battery room; direct sunlight or a nearby heat source; poor ventilation; a high continuous charging or discharging current; a defective cell.',
    advice:
      'Check that the battery is not exposed to sun or heat and that the air can circulate around it. The alarm clears by itself once it has cooled. If it recurs, if the battery is hot in cool surroundings, or if it swells or smells, switch it off if you can do so safely and contact your installer immediately. Installer: check the room temperature and clearances, compare the module temperatures and look for a single hot module, which points to a cell fault.',
  },
  battery_under_temperature: {
    name: 'Battery too cold to charge',
    details:
      'The cell temperature is below the minimum for charging (typically 0 °C for lithium batteries), so the battery management system blocks or limits charging to protect the cells. Discharging continues within its limits.',
    cause: 'A battery installed in an unheated garage, shed or outdoors in winter.',
    advice:
      'Charging resumes by itself once the cells have warmed up. If this happens often in winter, ask your installer about moving the battery to a frost-free room or using a battery with a heating function. Installer: check the room temperature and whether the battery has a heating function that is enabled.',
  },
  battery_over_current: {
    name: 'Battery over-current',
    details:
      'The charging or discharging current exceeded the maximum the battery management system allows, and the current was interrupted to protect the cells.',
    cause:
      'A current limit set in the inverter higher than the battery allows; lost BMS communication, so that the inverter ignored the BMS limits; load surges on the backup or off-grid output; too few battery modules for the inverter power.',
    advice:
      'The alarm clears by itself after a short pause. If it recurs, contact your installer. Installer: compare the current limits set in the inverter with the battery datasheet and the number of modules, check the BMS communication, compare the currents measured by the BMS and by the inverter, and check the DC cables for a short circuit.',
  },
  battery_contactor_fault: {
    name: 'Battery contactor fault',
    details:
      'The main contactor or relay of the battery did not open or close as commanded, or its contacts are welded. The battery is locked and stays out of operation until a technician has checked it.',
    cause:
      'Contacts welded after switching under high current; a defective contactor coil or driver; a fault in the precharge circuit; loose control wiring.',
    advice:
      "Do not try to restart the battery or open its housing: its terminals may still be live. Contact your installer. Installer: do not rely on the contactor for isolation, use the external DC breaker or isolator; measure the voltage at the battery output with the contactor commanded open; check the precharge resistor and fuse and the coil voltage; replace the contactor or BMS unit as the manufacturer's service instructions describe.",
  },
  meter_communication_lost: {
    name: 'Meter communication lost',
    details:
      'The device receives no data from the energy meter. Without the meter, export limitation, self-consumption control and the import and export figures do not work; depending on the setting, the inverter limits its export as a precaution.',
    cause:
      'A disconnected or damaged RS485 cable; wires A and B swapped; a wrong Modbus address or baud rate; the meter without power (its breaker off); no termination resistor on a long line.',
    advice:
      'Check that the meter in the distribution board is powered (its display is on). The alarm clears by itself once communication resumes; if it stays, contact your installer. Installer: check the RS485 wiring (A/B), termination and shield, the Modbus address and baud rate of the meter, and restart the meter.',
  },
  bms_communication_lost: {
    name: 'BMS communication lost',
    details:
      'The inverter or power conversion system (PCS) receives no data from the battery management system (BMS). Without the limits from the BMS the battery cannot be operated safely, so charging and discharging are stopped.',
    cause:
      'A loose, damaged or wrongly wired CAN or RS485 cable; the battery switched off or asleep after a deep discharge; a wrong battery make or protocol selected; a missing termination resistor.',
    advice:
      'Check that the battery is switched on (power button or breaker, indicator lights). The alarm clears by itself once communication resumes; if it stays, contact your installer. Installer: check the communication cable and its pin assignment (CAN-H/CAN-L), the termination, the battery protocol selected in the inverter and the compatibility of the BMS firmware, and wake the battery if it is asleep.',
  },
  part_communication_lost: {
    name: 'Part communication lost',
    details:
      'The EMS 5000 controller receives no data from one of its parts (PV converter, transfer switch or generator controller; the alarm names the part) and can no longer control it.',
    cause:
      'A loose or damaged communication cable (RS485, CAN or Ethernet); the part switched off or without auxiliary supply; a wrong address or communication setting after a replacement or firmware update.',
    advice:
      'Check that the cabinet of the named part is powered and that its breakers are on. The alarm clears by itself once communication resumes; if it stays, contact your installer. Installer: check the auxiliary supply of the part, the communication cable and its connectors, the address and baud rate, and restart the controller of the part.',
  },
  rs485_bus_error: {
    name: 'RS485 bus error',
    details:
      'The data logger receives errors (timeouts, checksum errors) or no answers on the RS485 bus from one or more connected devices. Their readings reach the portal incompletely or late.',
    cause:
      'Wires A and B swapped; a poor contact; termination resistors (120 Ω) missing at the ends of the bus; a cable that is too long or not twisted pair; two devices with the same address; different baud rates; interference from power cables.',
    advice:
      'The warning clears by itself once communication is reliable again. If it lasts more than a day or readings are missing, contact your installer. Installer: check the polarity of the wiring, the 120 Ω termination at both ends of the bus, unique addresses and a common baud rate; use shielded twisted pair, earth the shield at one end and lay the cable apart from power cables.',
  },
  uplink_signal_weak: {
    name: 'Uplink signal weak',
    details:
      'The connection of the data logger to the router or the mobile network is weak (for Wi-Fi, typically below −70 dBm). Data may arrive late or with gaps; the logger stores readings and sends them later.',
    cause:
      'The router is far away or separated by concrete or metal walls; the logger sits in a metal cabinet; the router was moved or replaced; radio interference; poor mobile coverage.',
    advice:
      'Check that the router is on; if possible move it closer or add a Wi-Fi repeater near the logger. The warning clears by itself once the signal is good. If it stays, contact your installer. Installer: measure the signal strength at the logger, and use an external antenna, a network cable or a repeater where needed.',
  },
  ev_ground_fault: {
    name: 'Ground fault (RCD tripped)',
    details:
      'The residual current protection of the charging station detected a fault current to earth (AC above 30 mA or smooth DC above 6 mA, IEC 62955) and stopped charging. It stays off until it is reset after a check.',
    cause:
      'An insulation fault in the charging cable, the connector or the charging system of the vehicle; water in the connector or the vehicle inlet; a damaged supply cable; a fault in the electrical installation.',
    advice:
      'Unplug the vehicle and check the cable and plug for visible damage or moisture; do not touch a damaged cable and do not reset the station again and again. Contact your installer; if it trips with only one vehicle, have the vehicle checked as well. Installer: measure the insulation resistance of the supply cable and the charging cable, test the RCD and the DC fault current detection with an installation tester, check the protective earth, and test with another vehicle or an EV simulator.',
  },
  ev_pilot_signal_error: {
    name: 'Vehicle pilot signal error',
    details:
      'The control pilot (CP) signal between the charging station and the vehicle is outside the values of IEC 61851-1 (invalid state, missing diode or short circuit). Charging pauses until a valid signal returns.',
    cause:
      "Dirty or damaged contacts in the connector or the vehicle inlet; a damaged charging cable; a plug that is not fully inserted; a fault in the vehicle's on-board charger.",
    advice:
      "Charging resumes by itself once the signal is valid again. If it does not, unplug the connector, check it for dirt or damage and plug it in firmly again. If it recurs with several vehicles, contact your installer; if only with one vehicle, contact the vehicle's service. Installer: measure the CP voltage levels (+12/9/6 V) and the PWM duty cycle with an EV test adapter, and check the CP wire, the diode and the cable.",
  },
  ev_over_current: {
    name: 'Charging over-current',
    details:
      'The vehicle drew more current than the charging station allowed through the pilot signal, so the station stopped charging; it resumes after a pause.',
    cause:
      'The on-board charger of the vehicle does not follow the pilot signal; the current limit was lowered during charging (load management); a faulty current measurement.',
    advice:
      'Charging resumes by itself. If it recurs, note the vehicle model and contact your installer. Installer: compare the set maximum current and the load management settings with the current measured by a clamp meter, update the firmware, and test with another vehicle.',
  },
  connector_lock_fault: {
    name: 'Connector lock fault',
    details:
      'The lock that holds the plug in the socket did not lock or unlock as commanded. The charging station does not start charging, or cannot release the plug.',
    cause:
      'A plug that is not fully inserted; dirt or ice in the socket; a defective lock actuator; a damaged plug.',
    advice:
      'Remove the plug if it is released, check the socket for dirt or ice and insert the plug fully; in frost, wait until it has thawed. Do not pull the plug out by force. If it is stuck or the fault remains after a restart, contact your installer. Installer: check the actuator, its wiring and its position feedback, test with another cable, and replace the actuator if needed; a restart clears the alarm.',
  },
  ev_relay_welded: {
    name: 'Charging relay welded',
    details:
      'The charging station measured voltage on its output although its relay or contactor was commanded open: a contact is welded. The station is locked because the charging cable could stay live.',
    cause:
      'Repeated switching under load; an overcurrent or a short circuit; a contactor at the end of its life.',
    advice:
      'Do not use the charging station, do not touch a damaged connector, and switch off its breaker in the distribution board. Contact your installer. Installer: isolate the supply and verify that it is dead, replace the contactor or power board, find the cause (short circuit, overload), and test the RCD and the output after the repair.',
  },
  generator_start_failure: {
    name: 'Generator failed to start',
    details:
      'The EMS sent a start command to the generator, but it did not start or did not reach a stable voltage and frequency within the start attempts (typically three).',
    cause:
      'An empty fuel tank; a flat starter battery; the generator in manual or off mode, or its emergency stop pressed; a fault in the start signal cable; a fuel supply problem or a blocked air filter; very low temperatures.',
    advice:
      'Check the fuel level, that the generator selector is on AUTO and that no emergency stop is pressed. Contact your installer or the generator service; once the cause is fixed, the alarm is reset on the generator and the EMS. Installer: check the start signal wiring, the starter battery voltage and the fault log of the generator controller, and try a manual start.',
  },
  generator_low_fuel: {
    name: 'Generator fuel low',
    details:
      'The fuel level of the generator is below the warning level set in its controller (often 20–25 %).',
    cause: 'Fuel used up during long operation; a faulty level sensor; a leak.',
    advice:
      'Refuel the generator soon; the warning clears by itself after refuelling. If the tank is full but the warning stays, or you smell fuel, contact your installer or the generator service. Installer: check the level sensor and its wiring, and check the fuel system for leaks.',
  },
  generator_overload: {
    name: 'Generator overload',
    details:
      'The generator was loaded above its rated power (typically more than 110 % for longer than its permitted time), so the EMS disconnected it; it reconnects once the load has dropped.',
    cause:
      'Too many loads during island operation; battery charging from the generator on top of the loads, with the charging power set too high; high starting currents of large motors.',
    advice:
      'Reduce the loads; the generator is reconnected by itself. If it recurs, contact your installer. Installer: check the rated generator power set in the EMS, limit the battery charging power from the generator, and stagger the start of large loads.',
  },
  sts_switch_failure: {
    name: 'Transfer switch failure',
    details:
      'The static transfer switch (STS) did not switch between grid and backup supply as commanded, or its position feedback contradicts the measured voltages. The EMS locks the switch so that the backup supply cannot be connected to the grid.',
    cause:
      'A defective thyristor or contactor; a failed driver board; a fault in the position feedback wiring; damage after an overload.',
    advice:
      'Do not operate the transfer switch or its bypass yourself, and contact your installer at once; the backup supply may not work during a power cut. Installer: check the thyristors or contactors and their drivers and the feedback signals, measure the voltages on both sides, put the system on maintenance bypass as the manual describes while repairing, and never connect the grid and the island supply in parallel.',
  },
  sts_on_bypass: {
    name: 'Transfer switch on bypass',
    details:
      'The static transfer switch (STS) is in bypass mode: the loads are fed directly from the grid, and the backup supply during a power cut is not available.',
    cause:
      'The manual bypass switch set for maintenance; an automatic bypass after an internal fault or an overload of the switch; maintenance not yet finished.',
    advice:
      'If maintenance is under way, no action is needed. Otherwise ask your installer whether the bypass is intended; the warning clears by itself once the switch returns to normal operation. Installer: check the position of the bypass switch and the STS event log, and return to normal operation as the manual describes once maintenance is complete.',
  },
};

export default texts;
