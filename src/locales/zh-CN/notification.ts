const notification = {
  'notification.undo': '撤销',
};

export default notification;
