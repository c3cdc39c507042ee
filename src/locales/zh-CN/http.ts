const http = {
  'http.sessionExpired.title': '确认登出',
  'http.sessionExpired.content': '您已被登出，可以取消以留在此页面，或重新登录',
  'http.sessionExpired.ok': '重新登录',
  'http.sessionExpired.cancel': '取消',
};

export default http;
