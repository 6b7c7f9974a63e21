import type { CallDef, UploadDef } from '../call.ts';
import * as alarm from './alarm.ts';
import * as auth from './auth.ts';
import * as chart from './chart.ts';
import * as common from './common.ts';
import * as device from './device.ts';
import * as message from './message.ts';
import * as plant from './plant.ts';
import * as station from './station.ts';
import * as statistics from './statistics.ts';
import * as user from './user.ts';
import * as weather from './weather.ts';

export { alarm, auth, chart, common, device, message, plant, station, statistics, user, weather };

/** Every call of the API, by domain; the server's route test walks this list. */
export const allCalls: CallDef[] = [
  auth.login,
  auth.logout,
  common.getWebVer,
  common.currency,
  common.timezone,
  common.areainfo,
  user.register,
  user.registerUser,
  user.addInstallerUser,
  user.invitationAnswer,
  user.edit,
  user.confirmEmail,
  user.info,
  user.changePwd,
  user.getInstallerLower,
  user.deleteUserInstaller,
  user.sendEmailCode,
  user.forgetpwd,
  station.add,
  station.edit,
  station.stationDetail,
  station.delStation,
  station.list,
  station.listColumns,
  station.stationStat,
  station.equipStat,
  station.installerList,
  station.endUserList,
  station.bind,
  station.unbind,
  weather.stationWeather,
  plant.overview,
  plant.storageOverview,
  plant.allSavings,
  plant.isHighStation,
  plant.isParallel,
  plant.parallelStationData,
  plant.powerFlow,
  plant.pileOverview,
  plant.emsIndex,
  chart.chart,
  chart.chartStation,
  chart.income,
  chart.storageChart,
  chart.emsStationChart,
  chart.embPsChart,
  device.add,
  device.rotateSecret,
  device.realtime,
  device.history,
  device.unbind,
  device.list,
  device.detail,
  alarm.list,
  alarm.detail,
  alarm.processAlarms,
  alarm.exportList,
  alarm.errorList2,
  alarm.count,
  alarm.timeline,
  alarm.reportList,
  alarm.reportAdd,
  alarm.reportEdit,
  alarm.reportClose,
  alarm.notificationGet,
  alarm.notificationSet,
  message.list,
  message.read,
  message.readAll,
  message.unreadCount,
  message.requestAdd,
  message.requestList,
  message.requestAnswer,
  message.logList,
  statistics.ticket,
  statistics.redeem,
  statistics.fleet,
];

/** Every multipart upload: not JSON calls, so tested and documented apart from `allCalls`. */
export const allUploads: UploadDef[] = [station.photo];
